import { RegisterForm } from '../../features/auth/components/register-form'
import { SocialLinks } from '../../features/auth/components/social-links'
import { Screen } from '../screen'

/** Register (seed /register). */
export function Component() {
  return (
    <Screen id="register">
      <RegisterForm />
      <SocialLinks />
    </Screen>
  )
}
