import { endpoints } from '@townworks/contract'
import type { FastifyInstance } from 'fastify'
import { ctxOf } from '../../http/ctx'
import { route } from '../../http/route'
import * as priceGuideService from './price-guide.service'

/** The price guide's routes (issue 22, decision 063). */
export async function priceGuideRoutes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.priceGuides, async (req) => priceGuideService.listGuides(ctxOf(req)))
  route(app, endpoints.savePriceGuide, async (req) => {
    const guide = await priceGuideService.saveGuide(ctxOf(req), req.params.serviceId, req.params.townId, req.body)
    req.log.info(
      { audit: 'price_guide', by: req.user?.id, service: guide.service_id, town: guide.town_id },
      'admin saved a price guide',
    )
    return guide
  })
  route(app, endpoints.deletePriceGuide, async (req) => {
    const answer = await priceGuideService.deleteGuide(ctxOf(req), req.params.serviceId, req.params.townId)
    req.log.info({ audit: 'price_guide', by: req.user?.id, ...req.params }, 'admin removed a price guide')
    return answer
  })
  // The service cards and the request form read it: cached until a guide or a place changes (decision 014).
  route(app, endpoints.priceRanges, async (req) => priceGuideService.listRanges(ctxOf(req)), {
    cache: { tables: priceGuideService.RANGES_READ },
  })
}
