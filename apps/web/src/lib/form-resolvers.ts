import { zodResolver } from '@hookform/resolvers/zod'
import {
  AssignmentUpdateBodySchema,
  CreateQuoteBodySchema,
  InviteBodySchema,
  ScheduleBodySchema,
  SendMessageBodySchema,
  WorkerBodySchema,
} from '@townworks/contract'

// The office forms' checks: the contract's schemas, which the server checks too. This module (and zod
// with it) is imported when a form first checks a field or is on screen (lazy-resolver.ts, decision
// 055), so no screen's first load carries zod.
export const scheduleResolver = zodResolver(ScheduleBodySchema)
export const assignmentUpdateResolver = zodResolver(AssignmentUpdateBodySchema)
export const inviteResolver = zodResolver(InviteBodySchema)
export const sendMessageResolver = zodResolver(SendMessageBodySchema)
export const workerResolver = zodResolver(WorkerBodySchema)

/**
 * The office's quote (features/quotes/office): its form types rupees and quantities as text, so it
 * turns them into the body itself and checks that here, issue by issue (the form puts each on its field).
 */
export const checkQuoteBody = (body: unknown) => CreateQuoteBodySchema.safeParse(body)
