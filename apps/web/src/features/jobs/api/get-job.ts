// The job is read by the job page and by Send message's recipient picker: its one owner is
// lib/shared-api/jobs (a feature may not import another).
export { getJob, jobQuery, useJob } from '../../../lib/shared-api/jobs'
