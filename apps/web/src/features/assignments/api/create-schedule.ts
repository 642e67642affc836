// POST /api/schedule moved to lib/shared-api/schedule.ts (the dispatch board books too); the form imports it from here.
export { createSchedule, useCreateSchedule } from '../../../lib/shared-api/schedule'
