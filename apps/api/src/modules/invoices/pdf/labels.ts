import type { InvoiceKind, Language } from '@townworks/contract'

/**
 * The words printed around a document's fields. English is the document's legal language: in
 * Telugu or Hindi each label is the translation with the English beside it ("రసీదు · Receipt"), so
 * the customer reads it and an accountant or a tax officer reads the same page (issue 22).
 */
export interface PdfLabels {
  kind: Record<InvoiceKind, string>
  number: string
  date: string
  financialYear: string
  request: string
  supplier: string
  billedTo: string
  gstin: string
  state: string
  phone: string
  placeOfSupply: string
  reverseCharge: string
  no: string
  against: string
  description: string
  hsnSac: string
  quantity: string
  taxableValue: string
  rate: string
  cgst: string
  sgst: string
  igst: string
  amount: string
  total: string
  inWords: string
  received: string
  credited: string
  signatory: string
  computerMade: string
  /** A line's unit, by the English word a document stores ("job", "lot", "item", and a quote's units: "tractor load"…). */
  units: Record<string, string>
}

const en: PdfLabels = {
  kind: { receipt: 'Receipt', tax_invoice: 'Tax invoice', credit_note: 'Credit note' },
  number: 'Number',
  date: 'Date of issue',
  financialYear: 'Financial year',
  request: 'Request',
  supplier: 'From',
  billedTo: 'Billed to',
  gstin: 'GSTIN',
  state: 'State',
  phone: 'Phone',
  placeOfSupply: 'Place of supply',
  reverseCharge: 'Tax payable on reverse charge',
  no: 'No',
  against: 'Against',
  description: 'Description',
  hsnSac: 'SAC/HSN',
  quantity: 'Qty',
  taxableValue: 'Taxable value',
  rate: 'Rate',
  cgst: 'CGST',
  sgst: 'SGST',
  igst: 'IGST',
  amount: 'Amount',
  total: 'Total',
  inWords: 'Amount in words',
  received: 'Amount received',
  credited: 'Amount credited',
  signatory: 'Authorised signatory',
  computerMade: 'This document was made by computer from the payment record.',
  units: {},
}

const te: PdfLabels = {
  kind: { receipt: 'రసీదు', tax_invoice: 'పన్ను ఇన్‌వాయిస్', credit_note: 'క్రెడిట్ నోట్' },
  number: 'సంఖ్య',
  date: 'జారీ తేదీ',
  financialYear: 'ఆర్థిక సంవత్సరం',
  request: 'అభ్యర్థన',
  supplier: 'ఇచ్చినవారు',
  billedTo: 'ఎవరికి',
  gstin: 'జీఎస్‌టీఐఎన్',
  state: 'రాష్ట్రం',
  phone: 'ఫోన్',
  placeOfSupply: 'సరఫరా స్థలం',
  reverseCharge: 'రివర్స్ ఛార్జ్‌పై పన్ను',
  no: 'లేదు',
  against: 'దీనికి',
  description: 'వివరం',
  hsnSac: 'ఎస్‌ఏసీ/హెచ్‌ఎస్‌ఎన్',
  quantity: 'పరిమాణం',
  taxableValue: 'పన్ను విధించే విలువ',
  rate: 'రేటు',
  cgst: 'సీజీఎస్‌టీ',
  sgst: 'ఎస్‌జీఎస్‌టీ',
  igst: 'ఐజీఎస్‌టీ',
  amount: 'మొత్తం',
  total: 'మొత్తం',
  inWords: 'మొత్తం అక్షరాల్లో',
  received: 'అందిన మొత్తం',
  credited: 'తిరిగి ఇచ్చిన మొత్తం',
  signatory: 'అధీకృత సంతకందారు',
  computerMade: 'ఈ పత్రం చెల్లింపు రికార్డు నుండి కంప్యూటర్ ద్వారా తయారైంది.',
  units: {
    job: 'పని',
    lot: 'లాట్',
    item: 'వస్తువు',
    hour: 'గంట',
    day: 'రోజు',
    'tractor load': 'ట్రాక్టర్ లోడ్',
    bag: 'బస్తా',
    piece: 'ముక్క',
    trip: 'ట్రిప్',
    'cubic foot': 'క్యూబిక్ అడుగు',
  },
}

const hi: PdfLabels = {
  kind: { receipt: 'रसीद', tax_invoice: 'कर बीजक', credit_note: 'क्रेडिट नोट' },
  number: 'संख्या',
  date: 'जारी करने की तारीख',
  financialYear: 'वित्तीय वर्ष',
  request: 'अनुरोध',
  supplier: 'देने वाला',
  billedTo: 'किसको',
  gstin: 'जीएसटीआईएन',
  state: 'राज्य',
  phone: 'फ़ोन',
  placeOfSupply: 'आपूर्ति का स्थान',
  reverseCharge: 'रिवर्स चार्ज पर कर',
  no: 'नहीं',
  against: 'इसके बदले',
  description: 'विवरण',
  hsnSac: 'एसएसी/एचएसएन',
  quantity: 'मात्रा',
  taxableValue: 'कर योग्य मूल्य',
  rate: 'दर',
  cgst: 'सीजीएसटी',
  sgst: 'एसजीएसटी',
  igst: 'आईजीएसटी',
  amount: 'राशि',
  total: 'कुल',
  inWords: 'राशि शब्दों में',
  received: 'प्राप्त राशि',
  credited: 'लौटाई गई राशि',
  signatory: 'अधिकृत हस्ताक्षरकर्ता',
  computerMade: 'यह दस्तावेज़ भुगतान के रिकॉर्ड से कंप्यूटर द्वारा बनाया गया है।',
  units: {
    job: 'काम',
    lot: 'लॉट',
    item: 'वस्तु',
    hour: 'घंटा',
    day: 'दिन',
    'tractor load': 'ट्रैक्टर लोड',
    bag: 'बोरी',
    piece: 'नग',
    trip: 'फेरा',
    'cubic foot': 'घन फुट',
  },
}

export const PDF_LABELS: Readonly<Record<Language, PdfLabels>> = { en, te, hi }

/** A label as printed: the English alone, or the translation and the English beside it. */
export function bilingual(
  language: Language,
  pick: (labels: PdfLabels) => string,
): { local: string | null; en: string } {
  const english = pick(en)
  if (language === 'en') return { local: null, en: english }
  const local = pick(PDF_LABELS[language])
  return { local: local === english ? null : local, en: english }
}
