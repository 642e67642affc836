// The payments module's public face: the verbs its routes call and what other modules may use (lint
// lets another module import only `payments.service.ts`). The work is in charges, capture, checkout,
// payouts and ledger (each a service over its repository), sharing common.ts.
export { balanceOf, type PaymentDeps } from './common'
export {
  addLineItem,
  addQuotedLineItems,
  chargesOfTasks,
  getTaskCharges,
  setTaskPrice,
  type QuotedLineItem,
} from './charges.service'
export { recordCashReceived, recordManualPayment, refundPayment } from './capture.service'
export {
  completeSandboxPayment,
  createPaymentOrder,
  getPaymentOrder,
  handleWebhook,
  paymentOptions,
  verifyPayment,
} from './checkout.service'
export { createPayout, exportPayouts, listMyPayouts, listOwed, listPayouts } from './payouts.service'
export {
  checkLedger,
  CUSTOMER_REFUNDS_DUE,
  exportLedger,
  ledgerSummary,
  PLATFORM_CASH,
  PLATFORM_COMMISSION,
  workerPayable,
} from './ledger.service'
export { moneyStatesOf, moneyViewsOf, type MoneyView } from './money-views.service'
