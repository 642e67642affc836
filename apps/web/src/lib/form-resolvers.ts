import { zodResolver } from '@hookform/resolvers/zod'
import {
  AssignmentUpdateBodySchema,
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
