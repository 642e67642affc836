import type { Role } from '@townworks/contract/constants'
import { useLocation, useNavigate } from '../../../lib/router'
import { useSession } from '../../../lib/session'
import { fromState, landingPath } from './return-path'

/**
 * After any sign-in (a code, a password reset, the staff code, a new account): the session knows
 * who it is, and the person goes where a password login takes them (decision 022).
 */
export function useFinishSignIn() {
  const session = useSession()
  const navigate = useNavigate()
  const location = useLocation()
  return (answer: { user: string; role: Role; must_change_password?: boolean }) => {
    session.signedIn(answer.user, answer.role, answer.must_change_password === true)
    if (answer.must_change_password) navigate('/profile', { replace: true, state: fromState(location.state) })
    else navigate(landingPath(location.state, answer.role), { replace: true })
  }
}
