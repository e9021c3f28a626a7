import type { EmailTexts } from './email-texts';
import { countOf } from './plural';

/** Arabic counts with six forms: one and two say the number in the noun itself. */
const requests = (n: number) =>
  countOf('ar', n, { zero: '# طلب', one: 'طلب واحد', two: 'طلبان', few: '# طلبات', many: '# طلبًا', other: '# طلب' });
const jobs = (n: number) =>
  countOf('ar', n, { zero: '# مهمة', one: 'مهمة واحدة', two: 'مهمتان', few: '# مهام', many: '# مهمة', other: '# مهمة' });

export const ar: EmailTexts = {
  // Latin digits, as the portal shows numbers.
  dateLocale: 'ar-u-nu-latn',
  usageAlert: {
    title: 'أنت على وشك بلوغ حدود خطتك',
    rateSubject: (used, limit) => `تنبيه استخدام FrameForge: استخدم أحد مفاتيح API ${used} من أصل ${requests(limit)} في الدقيقة`,
    rateBody: ({ used, limit, percent, plan }) =>
      `استخدم أحد مفاتيح API الخاصة بك ${used} من أصل ${requests(limit)} مسموح بها في نافذة الدقيقة الحالية (${percent}%). تسمح خطة ${plan} بـ ${requests(limit)} في الدقيقة لكل مفتاح.`,
    rateRefused: 'تُرفض الطلبات التي تتجاوز الحد برمز HTTP 429 حتى تبدأ نافذة جديدة.',
    concurrencySubject: (plan, cap) => `تنبيه استخدام FrameForge: بلغت مهامك حد خطة ${plan}، وهو ${jobs(cap)} في الوقت نفسه`,
    concurrencyBody: (plan, cap) => `بلغت مهامك حد خطة ${plan}، وهو ${jobs(cap)} تعمل في الوقت نفسه.`,
    concurrencyQueued: 'ما زالت المهام الإضافية تُقبل: تنتظر في الطابور (الحالة queued) حتى تنتهي إحدى مهامك الجارية.',
    topPlan: 'أنت على أعلى خطة؛ وتعرض صفحة الاشتراك حدودها.',
    higherPlan: 'ترفع الخطة الأعلى هذه الحدود.',
    seePlan: 'اطّلع على خطتك',
    upgradePlan: 'رقِّ خطتك',
    footnote: 'يصلك تنبيه استخدام واحد في اليوم على الأكثر. يمكنك إيقافها من الإعدادات، تنبيهات استخدام API.',
  },
  jobFailure: {
    subject: (endpoint, taskId) => `فشلت مهمة في FrameForge: ${endpoint} (المهمة ${taskId})`,
    title: (endpoint) => `فشلت مهمتك ${endpoint}`,
    taskId: (taskId) => `معرّف المهمة: ${taskId}`,
    whatWentWrong: (line) => `ما الذي حدث: ${line}`,
    unknownError: 'خطأ: فشلت المهمة.',
    details: 'يعرض GET /task/{id} وسجلات API في البوابة التفاصيل.',
    action: 'افتح سجلات API',
    footnote: 'تصلك هذه الرسائل لأن إشعارات البريد الإلكتروني مفعّلة. يمكنك إيقافها من الإعدادات.',
  },
  subscription: {
    cancelledSubject: (plan) => `أُلغي اشتراكك في FrameForge ${plan}`,
    cancelledTitle: (plan) => `أُلغي اشتراكك ${plan}`,
    ended: (plan) => `انتهى اشتراكك ${plan}. لم تعد مفاتيح API الخاصة بك تقبل الطلبات، ولن تُحاسَب مرة أخرى.`,
    endsOn: (plan, end) => `أُلغي اشتراكك ${plan} وينتهي في ${end}. حتى ذلك الحين تبقى مفاتيح API الخاصة بك تعمل؛ وبعده لن تُحاسَب مرة أخرى.`,
    endedStays: 'يبقى حسابك ومفاتيحك وسجلاتك: اشترك مجددًا في أي وقت لاستخدام API.',
    renewBeforeEnd: 'غيّرت رأيك؟ يمكنك تجديد الاشتراك من صفحة الاشتراك قبل انتهائه.',
    choosePlan: 'اختر خطة',
    manage: 'أدِر اشتراكك',
    paymentSubject: 'إجراء مطلوب: فشلت عملية الدفع في FrameForge',
    paymentTitle: 'فشلت عملية الدفع في FrameForge',
    paymentBody: (plan) =>
      `تعذّر علينا خصم المبلغ من بطاقتك لاشتراكك ${plan}، لذا أصبح متأخر السداد. إلى أن تنجح عملية دفع، لن تقبل مفاتيح API الخاصة بك الطلبات.`,
    paymentUpdate:
      'حدّث بطاقتك في صفحة الفوترة: ستُدفع الفاتورة المفتوحة بها عندئذٍ. كما يعيد مزوّد الدفع لدينا محاولة الخصم من البطاقة خلال الأيام القادمة؛ وإذا فشلت كل المحاولات، يُلغى الاشتراك.',
    updateCard: 'حدّث بطاقتك',
    footnote: 'تُرسل رسائل الفوترة بصرف النظر عن إعدادات الإشعارات لديك، ما دام لديك اشتراك.',
  },
  accountDeleted: {
    subject: 'حُذف حسابك في FrameForge',
    title: 'حُذف حسابك في FrameForge',
    asAsked: (moment) =>
      `بناءً على طلبك في ${moment}، حُذف حسابك في FrameForge بكل ما فيه: ملفك الشخصي وصورتك، ومفاتيح API، وسجلات الطلبات، والمهام وملفاتها، وإعداداتك.`,
    subscription: 'أُلغي أي اشتراك كان لديك ولن تُحاسَب عليه مرة أخرى. لا يبقى لدى مزوّد الدفع لدينا سوى سجل المدفوعات السابقة، لأغراض الفواتير والمحاسبة.',
    notYou: 'إذا لم تطلب ذلك، فتواصل مع دعم FrameForge فورًا.',
    welcomeBack: 'مرحبًا بعودتك في أي وقت: يمكنك إنشاء حساب جديد بهذا العنوان.',
    action: 'زُر FrameForge',
    footnote: 'هذه آخر رسالة بريد إلكتروني بشأن هذا الحساب.',
  },
  emailChanged: {
    subject: 'تغيّر عنوان البريد الإلكتروني لحسابك في FrameForge',
    title: 'تغيّر عنوان البريد الإلكتروني لحسابك في FrameForge',
    changed: (address, moment) => `تغيّر عنوان البريد الإلكتروني لحسابك في FrameForge إلى ${address} في ${moment}.`,
    fromNow: 'من الآن فصاعدًا تسجّل الدخول بالعنوان الجديد، وتصل إليه رسائل الحساب. لم يعد لهذا العنوان وصول إلى الحساب.',
    madeIt: 'إذا أجريت هذا التغيير بنفسك، فلا حاجة إلى فعل شيء آخر.',
    didNot:
      'وإن لم تفعل، فقد يكون لدى شخص آخر وصول إلى حسابك: تواصل مع دعم FrameForge فورًا لنقفله ونستعيد عنوانك. إذا كان لا يزال بإمكانك تسجيل الدخول، فغيّر كلمة المرور من الإعدادات وألغِ أي مفاتيح API لا تعرفها.',
    action: 'افتح FrameForge',
    footnote: 'يُرسل إشعار الأمان هذا كلما تغيّر عنوان حساب، بصرف النظر عن إعدادات الإشعارات لديك.',
  },
  auth: {
    verify: {
      subject: 'تحقّق من عنوان بريدك الإلكتروني في FrameForge',
      title: 'تحقّق من عنوان بريدك الإلكتروني',
      lead: 'أكّد هذا العنوان لإكمال إنشاء حسابك في FrameForge.',
      action: 'تحقّق من البريد الإلكتروني',
      footnote: 'إذا لم تسجّل، فتجاهل هذه الرسالة.',
    },
    reset: {
      subject: 'أعد تعيين كلمة مرور FrameForge',
      title: 'إعادة تعيين كلمة المرور',
      lead: 'اختر كلمة مرور جديدة لحسابك في FrameForge.',
      action: 'إعادة تعيين كلمة المرور',
      footnote: 'إذا لم تطلب ذلك، فتجاهل هذه الرسالة: تبقى كلمة المرور كما هي.',
    },
    confirmNew: {
      subject: 'أكّد عنوان بريدك الإلكتروني الجديد في FrameForge',
      title: 'أكّد عنوان بريدك الإلكتروني الجديد',
      lead: 'افتح هذا الرابط وأنت مسجّل الدخول لتأكيد العنوان.',
      action: 'تأكيد العنوان',
      footnote: 'إذا لم تغيّر عنوان بريدك الإلكتروني، فتجاهل هذه الرسالة.',
    },
  },
};
