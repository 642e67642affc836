import { LoginForm } from '../../features/auth/components/login-form'
import { Screen } from '../screen'

/** Sign In (seed /login). */
export function Component() {
  return (
    <Screen id="login">
      <LoginForm />
    </Screen>
  )
}
