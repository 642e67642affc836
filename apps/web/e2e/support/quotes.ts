import type { APIRequestContext, Page, TestInfo } from '@playwright/test'
import type { CreateQuoteInput, Quote, QuoteResponse, ServiceRequestResponse } from '@townworks/contract'
import { loginAs } from './fixtures'
import { apiAs, apiWith, indianDate, ok, ownAccount, uniquePhone, uniqueTag } from './world'

// The quotes' journeys (issue 22, decision 061): a customer of the journey's own with a request, and
// the office's quote for it through the API.

/** Two tractor loads of sand at ₹3,500: ₹7,000. */
export const SAND_TWO_LOADS: CreateQuoteInput['lines'][number] = {
  kind: 'material',
  description: 'Sand',
  service: 'Sand Services',
  unit: 'tractor_load',
  quantity: 2,
  unit_price_paise: 350_000,
}

/**
 * A customer of this journey's own (its language changes) with a request for `service` in Armoor
 * `inDays` days ahead, signed in on `page` in `language`; and the operator's request context.
 */
export async function customerWithRequest(
  page: Page,
  testInfo: TestInfo,
  { language, service = 'Brick Worker', inDays = 10 }: { language: 'te' | 'en'; service?: string; inDays?: number },
) {
  const operator = await apiAs('operator')
  const admin = await apiAs('admin')
  const account = await ownAccount(admin, testInfo, 'customer')
  await admin.dispose()
  const asCustomer = await apiWith(account)
  const request = await ok<ServiceRequestResponse>(
    asCustomer.post('/api/servicerequest', {
      data: {
        name: `Quote ${uniqueTag(testInfo)}`,
        phone: uniquePhone(),
        email: '',
        service,
        service_date: indianDate(inDays),
        town: 'Armoor',
      },
    }),
  )
  await asCustomer.dispose()
  await page.addInitScript((lang) => localStorage.setItem('lang', lang), language)
  await page.goto('/about')
  await loginAs(page, account, { keepLanguage: true })
  await ok(page.request.put('/api/me/language', { data: { language } }))
  return { operator, request }
}

/** The office's quote for a request through the API, valid for a week unless `extra` says otherwise. */
export async function sendQuote(
  operator: APIRequestContext,
  requestId: number,
  lines: CreateQuoteInput['lines'],
  extra: Partial<CreateQuoteInput> = {},
): Promise<Quote> {
  const { quote } = await ok<QuoteResponse>(
    operator.post(`/api/requests/${requestId}/quotes`, {
      data: { valid_until: indianDate(7), lines, ...extra } satisfies CreateQuoteInput,
    }),
  )
  return quote
}
