// The sign-up form's rules: the contract's own schema, in a module of its own so that the form loads
// it (and zod) only when a field is first focused (register-form.tsx, decision 046).
export { RegisterBodySchema } from '@townworks/contract'
