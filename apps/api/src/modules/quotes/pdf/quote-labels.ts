import type { Language } from '@townworks/contract'

/**
 * The words printed around a quote's fields (issue 22). As on a receipt, Telugu and Hindi come with
 * the English beside them ("కొటేషన్ · Quotation"): the customer reads it, and a relative or a
 * contractor they show it to reads the same page.
 */
export interface QuoteLabels {
  title: string
  reference: string
  version: string
  made: string
  validUntil: string
  from: string
  for: string
  phone: string
  service: string
  town: string
  serviceDate: string
  description: string
  quantity: string
  unitPrice: string
  amount: string
  visitCharge: string
  total: string
  note: string
  slot: string
  notABill: string
  howToAccept: string
}

const en: QuoteLabels = {
  title: 'Quotation',
  reference: 'Request',
  version: 'Version',
  made: 'Date',
  validUntil: 'Valid until',
  from: 'From',
  for: 'For',
  phone: 'Phone',
  service: 'Service',
  town: 'Town',
  serviceDate: 'Day asked for',
  description: 'Description',
  quantity: 'Qty',
  unitPrice: 'Unit price',
  amount: 'Amount',
  visitCharge: 'Visit charge',
  total: 'Total',
  note: 'Note',
  slot: 'Proposed visit',
  notABill: 'This is a quotation, not a bill: nothing is due until the work is done.',
  howToAccept: 'Accept or decline it in My requests on the TownWorks app, or call the office.',
}

const te: QuoteLabels = {
  title: 'కొటేషన్',
  reference: 'అభ్యర్థన',
  version: 'వెర్షన్',
  made: 'తేదీ',
  validUntil: 'ఎప్పటి వరకు చెల్లుతుంది',
  from: 'ఇచ్చినవారు',
  for: 'ఎవరికి',
  phone: 'ఫోన్',
  service: 'సేవ',
  town: 'ఊరు',
  serviceDate: 'అడిగిన రోజు',
  description: 'వివరం',
  quantity: 'పరిమాణం',
  unitPrice: 'ఒక్కదాని ధర',
  amount: 'మొత్తం',
  visitCharge: 'విజిట్ ఛార్జీ',
  total: 'మొత్తం',
  note: 'గమనిక',
  slot: 'ప్రతిపాదిత సందర్శన',
  notABill: 'ఇది కొటేషన్ మాత్రమే, బిల్లు కాదు: పని పూర్తయ్యే వరకు ఏమీ చెల్లించనక్కర్లేదు.',
  howToAccept: 'TownWorks యాప్‌లో నా అభ్యర్థనలు లో ఒప్పుకోండి లేదా తిరస్కరించండి, లేదా ఆఫీసుకు ఫోన్ చేయండి.',
}

const hi: QuoteLabels = {
  title: 'कोटेशन',
  reference: 'अनुरोध',
  version: 'संस्करण',
  made: 'तारीख़',
  validUntil: 'कब तक मान्य',
  from: 'देने वाले',
  for: 'किसके लिए',
  phone: 'फ़ोन',
  service: 'सेवा',
  town: 'शहर',
  serviceDate: 'माँगा गया दिन',
  description: 'विवरण',
  quantity: 'मात्रा',
  unitPrice: 'एक का दाम',
  amount: 'राशि',
  visitCharge: 'विज़िट शुल्क',
  total: 'कुल',
  note: 'नोट',
  slot: 'प्रस्तावित विज़िट',
  notABill: 'यह कोटेशन है, बिल नहीं: काम पूरा होने तक कुछ देना नहीं है।',
  howToAccept: 'TownWorks ऐप में मेरे अनुरोध में मंज़ूर या अस्वीकार करें, या ऑफ़िस को फ़ोन करें।',
}

export const QUOTE_LABELS: Readonly<Record<Language, QuoteLabels>> = { en, te, hi }

/** A label's words in the document's language and in English (null when they are the same). */
export function quoteLabel(language: Language, key: keyof QuoteLabels): { local: string | null; en: string } {
  const english = en[key]
  const local = language === 'en' ? null : QUOTE_LABELS[language][key]
  return { local: local === english ? null : local, en: english }
}
