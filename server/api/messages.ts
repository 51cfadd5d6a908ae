// The API's own messages that a student sees, in every page locale, in one table (issue 9 §2).
// The client says which locale by Accept-Language (its fetch wrapper sends the page's <html lang>);
// `hi` answers Hindi, anything else English. {name} placeholders are filled from the params.
// The type makes every message carry every locale, so a missing translation does not compile.
import type { FastifyRequest } from 'fastify';
import type { Locale } from '../../src/engine/config-bundle';

const table = {
  // Generic failures (server/api/errors.ts)
  'request.failed': {
    en: "Sorry, couldn't process request. Please try again.",
    hi: 'क्षमा करें, आपका अनुरोध पूरा नहीं हो सका। कृपया फिर से कोशिश करें।',
  },
  'request.technicalIssues': {
    en: 'We are facing technical issues. Please try after some time.',
    hi: 'हमें तकनीकी समस्या आ रही है। कृपया कुछ समय बाद कोशिश करें।',
  },
  'request.invalid': {
    en: 'The request is not valid.',
    hi: 'भेजी गई जानकारी मान्य नहीं है। कृपया जाँचकर फिर से भेजें।',
  },
  'request.tooLarge': {
    en: 'The request is too large.',
    hi: 'भेजी गई जानकारी बहुत बड़ी है।',
  },
  'request.notJson': {
    en: 'Send the request as JSON.',
    hi: 'भेजी गई जानकारी सही प्रारूप में नहीं है।',
  },
  'request.badJson': {
    en: 'The request body is not valid JSON.',
    hi: 'भेजी गई जानकारी सही प्रारूप में नहीं है।',
  },
  'examType.unknown': {
    en: 'Unknown exam type.',
    hi: 'अज्ञात परीक्षा प्रकार।',
  },

  // OTP (registration and recovery)
  'otp.sent': { en: 'OTP sent to {mobile}.', hi: 'ओटीपी {mobile} पर भेजा गया।' },
  'otp.verified': { en: 'OTP verified.', hi: 'ओटीपी सत्यापित हो गया।' },
  'otp.invalid': {
    en: 'Invalid OTP. Please check the code and try again.',
    hi: 'ओटीपी गलत है। कृपया कोड जाँचें और फिर से कोशिश करें।',
  },
  'otp.tooManyWrong': {
    en: 'Too many wrong attempts. Please request a new OTP.',
    hi: 'बहुत अधिक गलत प्रयास हो गए। कृपया नया ओटीपी माँगें।',
  },
  'otp.requestFirst': { en: 'Please request an OTP first.', hi: 'कृपया पहले ओटीपी माँगें।' },
  'otp.used': {
    en: 'This OTP has already been used. Please request a new one.',
    hi: 'यह ओटीपी पहले ही इस्तेमाल हो चुका है। कृपया नया ओटीपी माँगें।',
  },
  'otp.expired': {
    en: 'This OTP has expired. Please request a new one.',
    hi: 'इस ओटीपी की समय-सीमा समाप्त हो गई है। कृपया नया ओटीपी माँगें।',
  },
  'otp.wait': {
    en: 'Please wait {seconds} seconds before asking for a new OTP.',
    hi: 'नया ओटीपी माँगने से पहले कृपया {seconds} सेकंड प्रतीक्षा करें।',
  },
  'otp.tooManySends': {
    en: 'Too many OTP requests for this number. Please try again in {minutes} minutes.',
    hi: 'इस नंबर के लिए बहुत अधिक ओटीपी अनुरोध हो गए। कृपया {minutes} मिनट बाद फिर से कोशिश करें।',
  },
  'otp.otherNumber': {
    en: 'This OTP was sent for a different number.',
    hi: 'यह ओटीपी किसी दूसरे नंबर के लिए भेजा गया था।',
  },

  // Registration: mobile, token, account
  'mobile.incorrect': { en: 'Please enter the correct number', hi: 'कृपया सही नंबर दर्ज करें' },
  'mobile.orPsidIncorrect': {
    en: 'Please enter correct mobile number/ PSID',
    hi: 'कृपया सही मोबाइल नंबर/ पीएसआईडी दर्ज करें',
  },
  'psid.notFound': {
    en: 'No student found with this student id.',
    hi: 'इस छात्र आईडी से कोई छात्र नहीं मिला।',
  },
  'token.missing': {
    en: 'Please verify your mobile number with the OTP first.',
    hi: 'कृपया पहले ओटीपी से अपना मोबाइल नंबर सत्यापित करें।',
  },
  'token.otherMobile': {
    en: 'Please verify this mobile number with the OTP first.',
    hi: 'कृपया पहले ओटीपी से यह मोबाइल नंबर सत्यापित करें।',
  },
  'account.exists': {
    en: 'Account already exists with this mobile number. Please login or register with a different mobile number. For support, please write to us at {email}.',
    hi: 'इस मोबाइल नंबर से खाता पहले से मौजूद है। कृपया लॉगिन करें या किसी दूसरे मोबाइल नंबर से पंजीकरण करें। सहायता के लिए हमें {email} पर लिखें।',
  },

  // Coupon
  'coupon.applied': {
    en: 'Success: Coupon Applied Successfully',
    hi: 'सफल: कूपन सफलतापूर्वक लागू हो गया',
  },
  'coupon.invalid': { en: 'Error: Invalid Coupon', hi: 'त्रुटि: अमान्य कूपन' },
  'coupon.required': { en: 'Please enter a coupon code.', hi: 'कृपया कूपन कोड दर्ज करें।' },
  'coupon.tooMany': {
    en: 'Too many invalid coupons. Please try again in {minutes} minutes.',
    hi: 'बहुत अधिक अमान्य कूपन डाले गए। कृपया {minutes} मिनट बाद फिर से कोशिश करें।',
  },

  // Signup
  'signup.success': { en: 'Registration Successful', hi: 'पंजीकरण सफल' },
  'signup.payToFinish': {
    en: 'Please complete the payment to finish your registration.',
    hi: 'पंजीकरण पूरा करने के लिए कृपया भुगतान करें।',
  },
  'signup.fatherName': { en: 'Please enter father name', hi: 'कृपया पिता का नाम दर्ज करें' },
  'signup.email': { en: 'Enter a valid email address', hi: 'मान्य ईमेल पता दर्ज करें' },
  'signup.studentName': { en: 'Only alphabets are allowed', hi: 'केवल अक्षरों की अनुमति है' },
  'signup.dob': {
    en: 'Please select a valid date of birth',
    hi: 'कृपया मान्य जन्म तिथि चुनें',
  },
  'signup.classStream': { en: 'Please select class & stream', hi: 'कृपया कक्षा और स्ट्रीम चुनें' },
  'signup.notEligible': {
    en: 'This class & stream is not eligible for {programme}.',
    hi: 'यह कक्षा और स्ट्रीम {programme} के लिए पात्र नहीं है।',
  },
  'signup.board': { en: 'Please select a valid school board.', hi: 'कृपया मान्य स्कूल बोर्ड चुनें।' },
  'signup.notHeldOnline': {
    en: '{programme} is not held online.',
    hi: '{programme} ऑनलाइन आयोजित नहीं होती।',
  },
  'signup.notHeldOffline': {
    en: '{programme} is not held offline.',
    hi: '{programme} ऑफ़लाइन आयोजित नहीं होती।',
  },
  'signup.slot': { en: 'Please select exam slot', hi: 'कृपया परीक्षा स्लॉट चुनें' },
  'signup.centre': { en: 'Please select centre', hi: 'कृपया केंद्र चुनें' },
  'signup.modeNotInState': {
    en: 'This exam slot is not offered in the selected state.',
    hi: 'चुने गए राज्य में यह परीक्षा स्लॉट उपलब्ध नहीं है।',
  },
  'signup.state': { en: 'Please select state', hi: 'कृपया राज्य चुनें' },
  'signup.centreNotInState': {
    en: 'This centre is not in the selected state.',
    hi: 'यह केंद्र चुने गए राज्य में नहीं है।',
  },
  'signup.closed': {
    en: 'Registration for {programme} is closed.',
    hi: '{programme} के लिए पंजीकरण बंद हो गया है।',
  },
  'signup.dateNotOpen': {
    en: 'This exam date is not open for registration. Please choose another date.',
    hi: 'इस परीक्षा तिथि के लिए पंजीकरण खुला नहीं है। कृपया कोई दूसरी तिथि चुनें।',
  },
  'signup.examDate': { en: 'Please select date of exam', hi: 'कृपया परीक्षा की तिथि चुनें' },
  'signup.paymentMethod': {
    en: 'Please choose a valid payment method.',
    hi: 'कृपया मान्य भुगतान विधि चुनें।',
  },
  'signup.noPendingForLink': {
    en: 'No registration awaiting payment was found for this link.',
    hi: 'इस लिंक के लिए भुगतान की प्रतीक्षा में कोई पंजीकरण नहीं मिला।',
  },
  'signup.alreadyComplete': {
    en: 'This registration is already complete. Please log in with your roll number and date of birth.',
    hi: 'यह पंजीकरण पहले ही पूरा हो चुका है। कृपया अपने रोल नंबर और जन्म तिथि से लॉगिन करें।',
  },
  'payment.unavailable': {
    en: 'Online payment is not available right now. Please try again later.',
    hi: 'ऑनलाइन भुगतान अभी उपलब्ध नहीं है। कृपया बाद में फिर से कोशिश करें।',
  },

  // Login
  'login.success': { en: 'Login successful', hi: 'लॉगिन सफल' },
  'login.invalid': {
    en: 'Invalid roll number or password. Your password is your date of birth (DD/MM/YYYY).',
    hi: 'रोल नंबर या पासवर्ड गलत है। आपका पासवर्ड आपकी जन्म तिथि (DD/MM/YYYY) है।',
  },
  'login.tooMany': {
    en: 'Too many login attempts. Please try again in {minutes} minutes.',
    hi: 'बहुत अधिक लॉगिन प्रयास हो गए। कृपया {minutes} मिनट बाद फिर से कोशिश करें।',
  },

  // Recovery
  'recover.noMobile': {
    en: 'No registration found for this mobile number.',
    hi: 'इस मोबाइल नंबर से कोई पंजीकरण नहीं मिला।',
  },
  'recover.noRoll': {
    en: 'No registration found for this roll number.',
    hi: 'इस रोल नंबर से कोई पंजीकरण नहीं मिला।',
  },
  'recover.detailsSentTo': {
    en: 'Your login details have been sent to your registered mobile number {mobile}.',
    hi: 'आपका लॉगिन विवरण आपके पंजीकृत मोबाइल नंबर {mobile} पर भेज दिया गया है।',
  },
  'recover.detailsSent': {
    en: 'Your login details have been sent to your mobile number.',
    hi: 'आपका लॉगिन विवरण आपके मोबाइल नंबर पर भेज दिया गया है।',
  },

  // Lists, places, profile, exam edits, orders and courses (issue 21: what a Hindi page can reach)
  'sms.unavailable': {
    en: 'Messages cannot be sent right now. Please try again later.',
    hi: 'अभी संदेश नहीं भेजे जा सकते। कृपया बाद में फिर से कोशिश करें।',
  },
  'email.unavailable': {
    en: 'E-mail cannot be sent right now. Please try again later.',
    hi: 'अभी ई-मेल नहीं भेजा जा सकता। कृपया बाद में फिर से कोशिश करें।',
  },
  'order.notFound': {
    en: 'No such order.',
    hi: 'यह ऑर्डर नहीं मिला।',
  },
  'order.nothingToPay': {
    en: 'Nothing to pay for this order.',
    hi: 'इस ऑर्डर के लिए कोई भुगतान बाकी नहीं है।',
  },
  'lists.centreFirst': {
    en: 'Please select centre first',
    hi: 'कृपया पहले केंद्र चुनें',
  },
  'lists.centreNoExam': {
    en: 'This centre does not hold this exam.',
    hi: 'यह केंद्र यह परीक्षा आयोजित नहीं करता।',
  },
  'lists.stateFirst': {
    en: 'Please select state first',
    hi: 'कृपया पहले राज्य चुनें',
  },
  'lists.slotFirst': {
    en: 'Please select exam slot first',
    hi: 'कृपया पहले परीक्षा स्लॉट चुनें',
  },
  'lists.noSchools': {
    en: 'No schools found for this city.',
    hi: 'इस शहर में कोई स्कूल नहीं मिला।',
  },
  'link.noRegistration': {
    en: 'No registration found for this link.',
    hi: 'इस लिंक के लिए कोई पंजीकरण नहीं मिला।',
  },
  'geo.noCentre': {
    en: 'No centre found near you.',
    hi: 'आपके पास कोई केंद्र नहीं मिला।',
  },
  'geo.noPincode': {
    en: 'Pincode not found',
    hi: 'पिनकोड नहीं मिला',
  },
  'geo.noLocation': {
    en: 'Location not found.',
    hi: 'आपका स्थान नहीं मिला।',
  },
  'profile.editNotAllowed': {
    en: 'Editing the profile is not allowed for your registration.',
    hi: 'आपके पंजीकरण के लिए प्रोफ़ाइल बदलने की अनुमति नहीं है।',
  },
  'profile.city': {
    en: 'Please select a city from the list.',
    hi: 'कृपया सूची से शहर चुनें।',
  },
  'profile.board': {
    en: 'Please select a school board from the list.',
    hi: 'कृपया सूची से स्कूल बोर्ड चुनें।',
  },
  'profile.school': {
    en: 'Please select a school in your city.',
    hi: 'कृपया अपने शहर का स्कूल चुनें।',
  },
  'result.noMatch': {
    en: 'The roll number and date of birth do not match our records.',
    hi: 'रोल नंबर और जन्म तिथि हमारे रिकॉर्ड से मेल नहीं खाते।',
  },
  'result.notFound': {
    en: 'We could not find a result for this roll number.',
    hi: 'इस रोल नंबर का परिणाम नहीं मिला।',
  },
  'exam.editNotAllowed': {
    en: 'Editing the exam is not allowed for your registration.',
    hi: 'आपके पंजीकरण के लिए परीक्षा बदलने की अनुमति नहीं है।',
  },
  'exam.noEditsLeft': {
    en: 'You have no exam edits left.',
    hi: 'आपके पास परीक्षा बदलने का कोई अवसर नहीं बचा है।',
  },
  'exam.notOffered': {
    en: 'This exam is not offered any more.',
    hi: 'यह परीक्षा अब उपलब्ध नहीं है।',
  },
  'course.notYours': {
    en: 'These details do not match the logged-in student.',
    hi: 'ये विवरण लॉगिन किए गए छात्र से मेल नहीं खाते।',
  },
  'course.notAvailable': {
    en: 'This course is not available for you.',
    hi: 'यह कोर्स आपके लिए उपलब्ध नहीं है।',
  },
  'course.alreadyBought': {
    en: 'You have already registered for this course.',
    hi: 'आप इस कोर्स के लिए पहले ही पंजीकरण कर चुके हैं।',
  },
  'documents.noProspectus': {
    en: 'No prospectus for this exam type.',
    hi: 'इस परीक्षा के लिए कोई विवरणिका नहीं है।',
  },
  'documents.noCourseDetails': {
    en: 'This course has no course details document.',
    hi: 'इस कोर्स का कोई विवरण दस्तावेज़ नहीं है।',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type MessageId = keyof typeof table;
export type MessageParams = Record<string, string | number>;

/** A message to show, not yet in a language: the error handler or the route words it. */
export interface Message {
  id: MessageId;
  params?: MessageParams;
}

export const message = (id: MessageId, params?: MessageParams): Message => ({ id, params });

export const messageIds = Object.keys(table) as MessageId[];

/** The message in a locale, its {placeholders} filled. */
export function wording({ id, params }: Message, locale: Locale): string {
  return table[id][locale].replace(/\{(\w+)\}/g, (whole, name: string) =>
    params && name in params ? String(params[name]) : whole,
  );
}

/**
 * The locale a request asks for: the Accept-Language range with the highest q among those this
 * API speaks (hi, en); English when none is named or the header is malformed.
 */
export function localeOf(request: Pick<FastifyRequest, 'headers'>): Locale {
  const header = request.headers['accept-language'];
  if (typeof header !== 'string') return 'en';
  let best: { locale: Locale; q: number } = { locale: 'en', q: 0 };
  for (const part of header.split(',').slice(0, 20)) {
    const [range = '', ...options] = part.trim().split(';');
    const primary = range.trim().toLowerCase().split('-')[0];
    if (primary !== 'hi' && primary !== 'en') continue;
    const qOption = options.map((o) => o.trim()).find((o) => o.startsWith('q='));
    const q = qOption ? Number(qOption.slice(2)) : 1;
    if (Number.isFinite(q) && q > best.q) best = { locale: primary, q };
  }
  return best.locale;
}

/** The message in the locale the request asks for. */
export const say = (request: Pick<FastifyRequest, 'headers'>, id: MessageId, params?: MessageParams) =>
  wording(message(id, params), localeOf(request));
