import 'i18next'
import type about from '../locales/en/about.json'
import type offline from '../locales/en/offline.json'
import type auth from '../locales/en/auth.json'
import type requests from '../locales/en/requests.json'
import type myRequests from '../locales/en/myRequests.json'
import type requestActions from '../locales/en/requestActions.json'
import type trust from '../locales/en/trust.json'
import type requestDetails from '../locales/en/requestDetails.json'
import type catalog from '../locales/en/catalog.json'
import type assignments from '../locales/en/assignments.json'
import type workers from '../locales/en/workers.json'
import type workerForm from '../locales/en/workerForm.json'
import type myJobs from '../locales/en/myJobs.json'
import type myJobsMore from '../locales/en/myJobsMore.json'
import type workflow from '../locales/en/workflow.json'
import type notifications from '../locales/en/notifications.json'
import type users from '../locales/en/users.json'
import type reference from '../locales/en/reference.json'
import type priceGuide from '../locales/lazy/price-guide/en.json'
import type payments from '../locales/en/payments.json'
import type invoices from '../locales/en/invoices.json'
import type quotes from '../locales/en/quotes.json'
import type jobs from '../locales/en/jobs.json'
import type dashboard from '../locales/en/dashboard.json'
import type board from '../locales/en/board.json'
import type blog from '../locales/en/blog.json'
import type common from '../locales/en/common.json'
import type errors from '../locales/en/errors.json'
import type apiErrors from '../locales/en/apiErrors.json'
import type fieldErrors from '../locales/en/fieldErrors.json'
import type home from '../locales/en/home.json'
import type homeMore from '../locales/en/homeMore.json'
import type menu from '../locales/en/menu.json'
import type routes from '../locales/en/routes.json'
import type status from '@townworks/contract/status-labels/en.json'

// English is the source language: its files define which keys exist, so a typo in t('…') fails typecheck.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common'
    resources: {
      common: typeof common
      menu: typeof menu
      errors: typeof errors
      /** A failed call's words, by the API's error code: loaded by lib/api-error-text.ts, not in the first load (decision 054). */
      apiErrors: typeof apiErrors
      /** Field issues' words in Telugu and Hindi, loaded by lib/field-issue-text.ts (decision 047). */
      fieldErrors: typeof fieldErrors
      routes: typeof routes
      /** Status names: the contract's map, not a locale file (lib/status-labels.ts). */
      status: typeof status
      home: typeof home
      homeMore: typeof homeMore
      about: typeof about
      offline: typeof offline
      blog: typeof blog
      auth: typeof auth
      requests: typeof requests
      myRequests: typeof myRequests
      requestActions: typeof requestActions
      /** My requests' start code and rating (issue 21), fetched for a task that shows them. */
      trust: typeof trust
      requestDetails: typeof requestDetails
      catalog: typeof catalog
      assignments: typeof assignments
      workers: typeof workers
      /** /wss's add and edit form (its fields, the worker's photo): fetched with the form, not in /wss's or /swl's first load. */
      workerForm: typeof workerForm
      myJobs: typeof myJobs
      /** My jobs' words shown only after a tap (the start code form, the reviews): fetched with them. */
      myJobsMore: typeof myJobsMore
      workflow: typeof workflow
      notifications: typeof notifications
      users: typeof users
      reference: typeof reference
      /**
       * The price guide's editor in /admin/catalog (decision 063): its words come with its lazy chunk
       * (added there), not through the locales' map every page carries.
       */
      priceGuide: typeof priceGuide
      payments: typeof payments
      /** The office's receipts, tax invoices and credit notes (/invoices, issue 22). */
      invoices: typeof invoices
      /**
       * Quotes (issue 22, decision 061): `customer` My requests' quote panel, fetched with it; `office` the
       * office's quote dialog; `units` the units a line is counted in, shared by both.
       */
      quotes: typeof quotes
      jobs: typeof jobs
      dashboard: typeof dashboard
      board: typeof board
    }
  }
}
