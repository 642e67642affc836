import type { AvailabilityBodyInput, SaveAvailabilityResponse } from '@townworks/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { availabilityQuery } from './get-availability'

/** PUT /api/workers/{id}/availability: replace the week and the days off. */
export function setAvailability(workerId: number, body: AvailabilityBodyInput): Promise<SaveAvailabilityResponse> {
  return api.call('setWorkerAvailability', { params: { id: workerId }, body })
}

/** Save the working time; the cached copy becomes what the server stored. */
export function useSetAvailability(workerId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: AvailabilityBodyInput) => setAvailability(workerId, body),
    onSuccess: (answer) =>
      queryClient.setQueryData(availabilityQuery(workerId).queryKey, { availability: answer.availability }),
  })
}
