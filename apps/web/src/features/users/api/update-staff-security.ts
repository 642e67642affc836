import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { usersKeys } from '../../../lib/query-keys'

/** PUT /api/admin/security: require (or stop requiring) a code after the password for all staff. */
export const updateStaffSecurity = (required: boolean) =>
  api.call('updateStaffSecurity', { body: { staff_second_step_required: required } })

export function useUpdateStaffSecurity() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: updateStaffSecurity,
    onSuccess: (answer) => client.setQueryData(usersKeys.staffSecurity(), answer),
  })
}
