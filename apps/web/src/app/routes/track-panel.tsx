import { TrackRequestForm } from '../../features/requests/components/track-request-form'
import { MantineScope } from '../../lib/mantine'
import { QueryScope } from '../../lib/query-scope'

/** Track by reference + mobile number, on /login (?track=TW-000123 opens it filled in). */
export default function TrackPanel({ reference }: { reference: string }) {
  return (
    <QueryScope>
      <MantineScope>
        <TrackRequestForm initialReference={reference} />
      </MantineScope>
    </QueryScope>
  )
}
