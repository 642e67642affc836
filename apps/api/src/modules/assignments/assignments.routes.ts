import { endpoints } from '@townworks/contract'
import type { FastifyInstance } from 'fastify'
import { ctxOf } from '../../http/ctx'
import { sendCsv } from '../../http/csv-reply'
import { route } from '../../http/route'
import { assignmentsResponse } from './assignments.legacy'
import * as assignmentsService from './assignments.service'

/** Scheduling and assignments: seed calls 2, 4, 6, 7, 8, 11 and 12. */
export async function assignmentsRoutes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.schedule, async (req) => assignmentsService.createSchedule(ctxOf(req), req.body))
  route(app, endpoints.assignments, async (req) =>
    assignmentsResponse(await assignmentsService.listAssignments(ctxOf(req))),
  )
  route(app, endpoints.taskDetails, async (req) =>
    assignmentsService.getTaskDetails(ctxOf(req), req.query.assignmentId),
  )
  route(app, endpoints.assignmentUpdate, async (req) => assignmentsService.updateAssignment(ctxOf(req), req.body))
  // The operators' list, the same for every operator: cached until its tables change (decision 014).
  route(
    app,
    endpoints.assignmentDetails,
    async (req) => assignmentsService.listAssignmentDetails(ctxOf(req), req.query),
    {
      cache: {
        tables: assignmentsService.ASSIGNMENT_DETAILS_READ,
        // "Overdue" changes with the clock, not only with the tables: such an answer is kept for its minute only.
        key: (req) => (req.query.overdue ? `${req.url}#${Math.floor(Date.now() / 60_000)}` : req.url),
      },
    },
  )
  route(app, endpoints.exportAssignmentDetails, async (req, reply) =>
    sendCsv(reply, 'assignment-details.csv', assignmentsService.exportAssignmentDetails(ctxOf(req), req.query)),
  )
  route(app, endpoints.assignmentIds, async (req) => assignmentsService.listAssignmentIds(ctxOf(req)))
  route(app, endpoints.assignmentTask, async (req) =>
    assignmentsService.getAssignmentTask(ctxOf(req), req.params.assignment_id),
  )
}
