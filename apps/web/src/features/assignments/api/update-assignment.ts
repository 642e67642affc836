// PUT /api/assignmentupdate is shared with the job page: its one owner is lib/shared-api/assignments.ts.
export { updateAssignment, useUpdateAssignment } from '../../../lib/shared-api/assignments'
