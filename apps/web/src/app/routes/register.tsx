import { RegisterForm } from '../../features/auth/components/register-form'
import { Screen } from '../screen'

/** Register (seed /register). */
export function Component() {
  return (
    <Screen id="register">
      <RegisterForm />
    </Screen>
  )
}
