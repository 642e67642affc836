import { SignInChoice } from '../../features/auth/components/sign-in-choice'
import { SocialLinks } from '../../features/auth/components/social-links'
import { Screen } from '../screen'

/** Sign In (seed /login): by mobile number first, the seed's form one tap away (issue 19). */
export function Component() {
  return (
    <Screen id="login">
      <SignInChoice />
      <SocialLinks />
    </Screen>
  )
}
