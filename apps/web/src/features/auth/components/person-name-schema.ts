// The profile's name rule: the contract's own schema, in a module of its own so that /profile loads it
// (and zod) only when a name is sent (profile-panel.tsx, decision 046).
export { PersonNameSchema } from '@townworks/contract'
