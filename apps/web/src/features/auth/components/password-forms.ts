// The password sign-in's parts, loaded together when /login's password form or "Forgot password?"
// is first wanted (sign-in-choice.tsx, decision 046).
export { LoginForm } from './login-form'
export { PasswordResetForm } from './password-reset-form'
export { SecondStepForm } from './second-step-form'
