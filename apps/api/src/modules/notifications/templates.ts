import { formatDate, statusLabel, type Language, type NotificationEvent, type TaskStatus } from '@townworks/contract'

/** The values a template may use. */
export interface TemplateParams {
  /** The customer's reference: TW-000123. */
  ref?: string
  /** The job (task) number a worker knows. */
  job?: number
  task?: string
  date?: string
  time?: string
  town?: string
  /** The service, in the message's language (decision 048); may be empty for a task without one. */
  service?: string
  worker?: string
  status?: TaskStatus
  /** An operator's typed message. */
  text?: string
  /** An invited person's login name, and where they sign in. */
  user?: string
  link?: string
  /** A one-time code (never stored: the outbox keeps the text with MASKED_CODE in its place). */
  code?: string
  /** The site's host for the WebOTP line (`@townworks.example #123456`), when PUBLIC_URL is set. */
  host?: string
  /** A task's start code (issue 21), which the customer reads out to the worker at the door. */
  startCode?: string
  /** An amount in paise (a quote's total, issue 22), written as each language writes money. */
  amountPaise?: number
}

/** What the outbox and logs show in place of a one-time code. */
export const MASKED_CODE = '••••••'

type Render = (p: Required<Omit<TemplateParams, 'status'>> & { status: string }) => string

/** A value and a space before what follows it, or nothing when the value is empty. */
const lead = (value: string) => (value ? `${value} ` : '')

const WHOLE_RUPEES = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 })
const RUPEES_AND_PAISE = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

/**
 * Rupees with Indian grouping, and paise only when there are any: 4,500 or 4,500.50. English texts
 * write "Rs" before it (₹ is not in the SMS's GSM-7 alphabet: one ₹ would make the text a shorter
 * UCS-2 one); Telugu and Hindi texts are UCS-2 anyway and write ₹.
 */
const rupees = (paise: number) => (paise % 100 === 0 ? WHOLE_RUPEES : RUPEES_AND_PAISE).format(paise / 100)

/**
 * The text of every message, per event and language. Kept short: English within one GSM-7 segment
 * (160), Telugu and Hindi near one UCS-2 segment (70) with usual values. Each (event, language)
 * is one DLT template: a registered text must match what is sent word for word, so change a text
 * here only together with its registration (SMS_DLT_TEMPLATE_IDS).
 */
const TEMPLATES: Record<Exclude<NotificationEvent, 'operator_message' | 'login_code'>, Record<Language, Render>> = {
  request_received: {
    en: (p) => `TownWorks: we received your ${lead(p.service)}request ${p.ref}. We will call you soon.`,
    te: (p) => `TownWorks: ${lead(p.service)}అభ్యర్థన ${p.ref} అందింది. త్వరలో ఫోన్ చేస్తాం.`,
    hi: (p) => `TownWorks: आपका ${lead(p.service)}अनुरोध ${p.ref} मिल गया। हम जल्द फ़ोन करेंगे।`,
  },
  task_assigned: {
    en: (p) =>
      `TownWorks: ${p.ref} is booked for ${p.date} at ${p.time}. Worker: ${p.worker}.${
        p.startCode ? ` Start code ${p.startCode}: tell it to the worker at your door.` : ''
      }`,
    te: (p) =>
      `TownWorks: ${p.ref} ${p.date} ${p.time}కి బుక్. పనివారు: ${p.worker}${
        p.startCode ? `. స్టార్ట్ కోడ్ ${p.startCode}: పనివారు వచ్చాక చెప్పండి.` : ''
      }`,
    hi: (p) =>
      `TownWorks: ${p.ref} ${p.date} ${p.time} बुक हुआ। कारीगर: ${p.worker}${
        p.startCode ? `। स्टार्ट कोड ${p.startCode}: कारीगर के आने पर बताएँ।` : ''
      }`,
  },
  start_code_tries_used: {
    en: (p) =>
      `TownWorks: office alert: job #${p.job} (${p.ref}), ${p.worker}: wrong start codes, tries used up. Call the customer.`,
    te: (p) => `TownWorks: పని #${p.job} (${p.ref}): స్టార్ట్ కోడ్ ప్రయత్నాలు అయిపోయాయి.`,
    hi: (p) => `TownWorks: काम #${p.job} (${p.ref}): स्टार्ट कोड के प्रयास खत्म।`,
  },
  job_assigned: {
    en: (p) => `TownWorks: new job #${p.job} on ${p.date} at ${p.time} in ${p.town}: ${p.task}`,
    te: (p) => `TownWorks: కొత్త పని #${p.job}: ${lead(p.service)}${p.date} ${p.time}, ${p.town}`,
    hi: (p) => `TownWorks: नया काम #${p.job}: ${lead(p.service)}${p.date} ${p.time}, ${p.town}`,
  },
  work_started: {
    en: (p) => `TownWorks: work on ${p.ref} has started.`,
    te: (p) => `TownWorks: ${p.ref} పని మొదలైంది.`,
    hi: (p) => `TownWorks: ${p.ref} का काम शुरू हो गया है।`,
  },
  work_paused: {
    en: (p) => `TownWorks: work on ${p.ref} is paused for now. We will tell you when it resumes.`,
    te: (p) => `TownWorks: ${p.ref} పని తాత్కాలికంగా ఆగింది.`,
    hi: (p) => `TownWorks: ${p.ref} का काम कुछ समय के लिए रुका है।`,
  },
  work_completed: {
    en: (p) => `TownWorks: work on ${p.ref} is done. Please check it and confirm in My requests.`,
    te: (p) => `TownWorks: ${p.ref} పని పూర్తయింది. దయచేసి చూసి నిర్ధారించండి.`,
    hi: (p) => `TownWorks: ${p.ref} का काम पूरा हुआ। कृपया जाँचकर पुष्टि करें।`,
  },
  rework_requested: {
    en: (p) => `TownWorks: the customer asked for more work on job #${p.job}.`,
    te: (p) => `TownWorks: పని #${p.job}లో ఇంకా పని కావాలని కస్టమర్ కోరారు.`,
    hi: (p) => `TownWorks: ग्राहक ने काम #${p.job} पर और काम माँगा है।`,
  },
  payment_due: {
    en: (p) => `TownWorks: thank you for confirming ${p.ref}. Please pay in My requests.`,
    te: (p) => `TownWorks: ${p.ref} నిర్ధారించినందుకు ధన్యవాదాలు. దయచేసి చెల్లించండి.`,
    hi: (p) => `TownWorks: ${p.ref} की पुष्टि के लिए धन्यवाद। कृपया भुगतान करें।`,
  },
  payment_received: {
    en: (p) =>
      `TownWorks: we received your payment for ${p.ref}. Thank you!${p.link ? ` Rate your worker: ${p.link}` : ''}`,
    te: (p) => `TownWorks: ${p.ref} కోసం మీ చెల్లింపు అందింది. ధన్యవాదాలు!${p.link ? ` రేటింగ్: ${p.link}` : ''}`,
    hi: (p) => `TownWorks: ${p.ref} का आपका भुगतान मिल गया। धन्यवाद!${p.link ? ` रेटिंग दें: ${p.link}` : ''}`,
  },
  payout_made: {
    en: (p) => `TownWorks: your money for job #${p.job} has been paid out.`,
    te: (p) => `TownWorks: పని #${p.job} కోసం మీ డబ్బు చెల్లించాము.`,
    hi: (p) => `TownWorks: काम #${p.job} का आपका पैसा भेज दिया गया है।`,
  },
  task_completed: {
    en: (p) => `TownWorks: ${p.ref} is closed. Thank you for choosing TownWorks!`,
    te: (p) => `TownWorks: ${p.ref} పూర్తయింది. ధన్యవాదాలు!`,
    hi: (p) => `TownWorks: ${p.ref} पूरा हुआ। धन्यवाद!`,
  },
  task_cancelled: {
    en: (p) => `TownWorks: ${p.ref} has been cancelled.`,
    te: (p) => `TownWorks: ${p.ref} రద్దు అయింది.`,
    hi: (p) => `TownWorks: ${p.ref} रद्द कर दिया गया है।`,
  },
  job_cancelled: {
    en: (p) => `TownWorks: job #${p.job} on ${p.date} is cancelled.`,
    te: (p) => `TownWorks: ${p.date} నాటి పని #${p.job} రద్దు అయింది.`,
    hi: (p) => `TownWorks: ${p.date} का काम #${p.job} रद्द हो गया है।`,
  },
  task_moved: {
    en: (p) => `TownWorks: ${p.ref} is moved to ${p.date} at ${p.time}. Worker: ${p.worker}.`,
    te: (p) => `TownWorks: ${p.ref} ${p.date} ${p.time}కి మారింది. పనివారు: ${p.worker}`,
    hi: (p) => `TownWorks: ${p.ref} अब ${p.date} ${p.time} को। कारीगर: ${p.worker}`,
  },
  job_moved: {
    en: (p) => `TownWorks: job #${p.job} is moved to ${p.date} at ${p.time} in ${p.town}: ${p.task}`,
    te: (p) => `TownWorks: ${lead(p.service)}పని #${p.job} ${p.date} ${p.time}కి మారింది, ${p.town}`,
    hi: (p) => `TownWorks: ${lead(p.service)}काम #${p.job} अब ${p.date} ${p.time}, ${p.town}`,
  },
  job_removed: {
    en: (p) => `TownWorks: job #${p.job} on ${p.date} is no longer yours: another worker will do it.`,
    te: (p) => `TownWorks: ${p.date} నాటి పని #${p.job} వేరే పనివారికి ఇచ్చాము.`,
    hi: (p) => `TownWorks: ${p.date} का काम #${p.job} अब दूसरे कारीगर को दिया गया।`,
  },
  account_invite: {
    en: (p) => `TownWorks: you are invited as ${p.user}. Sign in at ${p.link} with the password the office gives you.`,
    te: (p) => `TownWorks: ఆహ్వానం! లాగిన్ ${p.user}: ${p.link}`,
    hi: (p) => `TownWorks: आमंत्रण! लॉगिन ${p.user}: ${p.link}`,
  },
  quote_sent: {
    en: (p) =>
      `TownWorks: quote for ${p.ref}: Rs ${rupees(p.amountPaise)}, valid till ${p.date}. Accept or decline it in My requests: ${p.link}`,
    te: (p) => `TownWorks: ${p.ref} కొటేషన్ ₹${rupees(p.amountPaise)}, ${p.date} వరకు. చూసి అంగీకరించండి: ${p.link}`,
    hi: (p) => `TownWorks: ${p.ref} का कोटेशन ₹${rupees(p.amountPaise)}, ${p.date} तक। देखकर स्वीकार करें: ${p.link}`,
  },
  status_changed: {
    en: (p) => `TownWorks: ${p.ref} is now: ${p.status}.`,
    te: (p) => `TownWorks: ${p.ref} స్థితి: ${p.status}`,
    hi: (p) => `TownWorks: ${p.ref} की स्थिति: ${p.status}`,
  },
}

/**
 * The one-time code's text (issue 19), per language: the code first (phones show a message's start
 * in the notification), how long it works, and never to share it. With a host, the last line is
 * the WebOTP form (`@host #code`) that lets the browser fill the code in by itself.
 */
const CODE_TEMPLATES: Record<Language, (code: string) => string> = {
  en: (code) => `${code} is your TownWorks code. It works for 10 minutes. Do not share it with anyone.`,
  te: (code) => `${code} మీ TownWorks కోడ్. 10 నిమిషాలు పనిచేస్తుంది. ఎవరికీ చెప్పకండి.`,
  hi: (code) => `${code} आपका TownWorks कोड है। 10 मिनट चलेगा। किसी को न बताएँ।`,
}

/** The text of a message for an event in a language. */
export function renderMessage(event: NotificationEvent, language: Language, params: TemplateParams): string {
  if (event === 'operator_message') return params.text ?? ''
  if (event === 'login_code') {
    const code = params.code ?? MASKED_CODE
    const text = CODE_TEMPLATES[language](code)
    return params.host ? `${text}\n\n@${params.host} #${code}` : text
  }
  const filled = {
    ref: params.ref ?? '',
    job: params.job ?? 0,
    task: params.task ?? '',
    // A day as the person's language writes it ("5 Jan 2031", "5 జన, 2031"), never yyyy-MM-dd.
    date: params.date ? formatDate(params.date, language) : '',
    time: params.time ?? '',
    town: params.town ?? '',
    service: params.service ?? '',
    worker: params.worker ?? '',
    text: params.text ?? '',
    user: params.user ?? '',
    link: params.link ?? '',
    code: params.code ?? '',
    host: params.host ?? '',
    startCode: params.startCode ?? '',
    amountPaise: params.amountPaise ?? 0,
    status: params.status ? statusLabel(params.status, language) : '',
  }
  return TEMPLATES[event][language](filled)
}

/** Whether a text fits one SMS segment: 160 GSM-7 characters, or 70 UCS-2 ones for other scripts. */
export function fitsOneSegment(text: string): boolean {
  // eslint-disable-next-line no-control-regex
  const gsm = /^[\x0a\x0d\x20-\x7e£¥èéùìòÇØøÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ¡ÄÖÑÜ§¿äöñüà]*$/.test(text)
  return gsm ? text.length <= 160 : [...text].length <= 70
}
