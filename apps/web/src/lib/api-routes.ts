import type { EndpointName, endpoints } from '@townworks/contract'

/** An endpoint's method and path, as the contract has them. */
export type Route<N extends EndpointName> = readonly [(typeof endpoints)[N]['method'], (typeof endpoints)[N]['path']]

/**
 * The contract's endpoints this web app calls and what the API does not expect it to call
 * (`NOT_CALLED_BY_WEB`): together, every endpoint of the contract, proved by api-owners.test.ts.
 */
export const NOT_CALLED_BY_WEB = [
  'health',
  'ready',
  'metrics',
  'paymentWebhook',
  'ledgerSummary',
  'ledgerCheck',
  // The seed's id lists: the office's pickers read the summaries instead (issue #17); the seed's client still calls them.
  'assignments',
  'assignmentIds',
  'taskIds',
  // A service's card picture as JSON: the admin screen shows whether one is set.
  'servicePicture',
  // The picture as an image: the catalog's <img> follows the address its service row gives (picture_url).
  'servicePictureImage',
  // A photo of the work as an image: an <img> follows the address its photo gives (url).
  'taskPhotoImage',
  // A worker's photo as an image: an <img> follows the profile's address (photo_url).
  'workerPhotoImage',
  // Receipts, tax invoices and credit notes (issue 22, decision 060): one document and the customer's
  // own list are for My requests' documents, which come next (the office's list shows what it needs).
  'getInvoice',
  'myInvoices',
  // A document as a PDF: a link follows the contract's invoicePdfPath (the browser saves the file).
  'invoicePdf',
  // A quote as a PDF (issue 22): a link follows the contract's quotePdfPath, as a document's does.
  'quotePdf',
  // The price guide (issue 22, decision 063): the admin's screen replaces a guide (removing one is for
  // the API's clients).
  'deletePriceGuide',
] as const satisfies readonly EndpointName[]

/**
 * The files the web app saves (the tables' CSV exports, decision 045): each feature names its file's
 * path through `fileUrl<'<name>'>` (components/data-table), checked against the contract there, so
 * the first load's route table stays small.
 */
export type FileEndpointName =
  | 'exportRequests'
  | 'exportAssignmentDetails'
  | 'exportWorkerServices'
  | 'exportNotifications'
  | 'exportPayouts'
  | 'exportLedger'
  | 'exportInvoices'

/** An endpoint the web app calls through `api.call`. */
export type WebEndpointName = Exclude<EndpointName, (typeof NOT_CALLED_BY_WEB)[number] | FileEndpointName>

/**
 * An endpoint only operators and admins may call: its route is in api-route-table-office.ts, which
 * comes with the office's screens, not with a customer's or a worker's.
 */
export type OfficeEndpointName =
  | {
      [N in WebEndpointName]: (typeof endpoints)[N]['access'] extends readonly ('operator' | 'admin')[] ? N : never
    }[WebEndpointName]
  | CalledOnlyFromTheOffice

/**
 * Endpoints a customer may call too, which the web calls only from the office's screens: their
 * routes go with the office's (a customer reads a request's quotes from My requests itself).
 */
type CalledOnlyFromTheOffice = 'requestQuotes'

/** The calls the shell makes on any page: who is signed in, the language, logging out, renewing a session. */
export type ShellEndpointName = 'login' | 'register' | 'logout' | 'refresh' | 'me' | 'updateMyLanguage'

/**
 * Method and path of the shell's calls, in the first load. Every other call's route is in
 * `api-route-table.ts`, which the client loads on its first other call and which every data screen
 * brings with its code (lib/query-scope.tsx): the home page does not carry the whole table (decision 034).
 */
export const SHELL_ROUTES = {
  login: ['POST', '/api/login'],
  register: ['POST', '/api/register'],
  logout: ['POST', '/api/logout'],
  refresh: ['POST', '/api/refresh'],
  me: ['GET', '/api/me'],
  updateMyLanguage: ['PUT', '/api/me/language'],
} as const satisfies { readonly [N in ShellEndpointName]: Route<N> }
