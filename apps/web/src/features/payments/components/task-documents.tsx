import type { MyRequestTask } from '@townworks/contract'
import { invoicePdfPath } from '@townworks/contract/invoice-files'
import { useTranslation } from 'react-i18next'
import './task-documents.css'

/**
 * A paid task's receipts, tax invoices and credit notes (issue 22, decision 062): each a link that
 * downloads its PDF in the customer's language, with the English beside the legal fields.
 */
export function TaskDocuments({ documents }: { documents: MyRequestTask['invoices'] }) {
  const { t, i18n } = useTranslation('payments')
  return (
    <ul className="payments-documents">
      {documents.map((doc) => (
        <li key={doc.id}>
          <a href={invoicePdfPath(doc.id, i18n.language)} download>
            {t(`documents.${doc.kind}`, { number: doc.number })}
          </a>
        </li>
      ))}
    </ul>
  )
}
