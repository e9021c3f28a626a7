import type { EmailTexts } from './email-texts';
import { countOf } from './plural';

const requests = (n: number) => countOf('hr', n, { one: '# zahtjev', few: '# zahtjeva', other: '# zahtjeva' });
const jobs = (n: number) => countOf('hr', n, { one: '# posao', few: '# posla', other: '# poslova' });

export const hr: EmailTexts = {
  dateLocale: 'hr-HR',
  usageAlert: {
    title: 'Blizu ste ograničenja svojeg plana',
    rateSubject: (used, limit) => `FrameForge upozorenje o korištenju: API ključ iskoristio je ${used} od ${limit} zahtjeva u minuti`,
    rateBody: ({ used, limit, percent, plan }) =>
      `Jedan od vaših API ključeva iskoristio je ${used} od ${requests(limit)} u trenutačnom jednominutnom intervalu (${percent} %). Plan ${plan} dopušta ${requests(limit)} u minuti po ključu.`,
    rateRefused: 'Zahtjevi iznad ograničenja odbijaju se s HTTP 429 dok se interval ne poništi.',
    concurrencySubject: (plan, cap) => `FrameForge upozorenje o korištenju: vaši poslovi dosegli su ograničenje plana ${plan} od ${jobs(cap)} istodobno`,
    concurrencyBody: (plan, cap) => `Vaši poslovi dosegli su ograničenje plana ${plan} od ${jobs(cap)} koji se izvode istodobno.`,
    concurrencyQueued:
      'Daljnji poslovi i dalje se prihvaćaju: čekaju u redu (status queued) dok jedan od vaših poslova koji se izvode ne završi.',
    topPlan: 'Imate najviši plan; stranica Pretplata prikazuje njegova ograničenja.',
    higherPlan: 'Viši plan podiže ta ograničenja.',
    seePlan: 'Pogledajte svoj plan',
    upgradePlan: 'Nadogradite plan',
    footnote: 'Dobivate najviše jedno upozorenje o korištenju dnevno. Isključite ih u Postavkama, Upozorenja o korištenju API-ja.',
  },
  jobFailure: {
    subject: (endpoint, taskId) => `FrameForge posao nije uspio: ${endpoint} (zadatak ${taskId})`,
    title: (endpoint) => `Vaš posao ${endpoint} nije uspio`,
    taskId: (taskId) => `ID zadatka: ${taskId}`,
    whatWentWrong: (line) => `Što je pošlo po zlu: ${line}`,
    unknownError: 'Pogreška: posao nije uspio.',
    details: 'GET /task/{id} i API zapisi na portalu prikazuju pojedinosti.',
    action: 'Otvorite API zapise',
    footnote: 'Ove e-poruke primate jer su obavijesti e-poštom uključene. Isključite ih u Postavkama.',
  },
  subscription: {
    cancelledSubject: (plan) => `Vaša FrameForge pretplata ${plan} je otkazana`,
    cancelledTitle: (plan) => `Vaša pretplata ${plan} je otkazana`,
    ended: (plan) => `Vaša pretplata ${plan} je završila. Vaši API ključevi više ne prihvaćaju zahtjeve i više vam se ništa neće naplaćivati.`,
    endsOn: (plan, end) =>
      `Vaša pretplata ${plan} je otkazana i završava ${end}. Do tada vaši API ključevi i dalje rade; nakon toga više vam se ništa neće naplaćivati.`,
    endedStays: 'Vaš račun, ključevi i zapisi ostaju: ponovno se pretplatite u bilo kojem trenutku kako biste koristili API.',
    renewBeforeEnd: 'Predomislili ste se? Pretplatu možete obnoviti na stranici Pretplata prije nego što završi.',
    choosePlan: 'Odaberite plan',
    manage: 'Upravljajte pretplatom',
    paymentSubject: 'Potrebna je radnja: vaše FrameForge plaćanje nije uspjelo',
    paymentTitle: 'Vaše FrameForge plaćanje nije uspjelo',
    paymentBody: (plan) =>
      `Nismo mogli teretiti vašu karticu za pretplatu ${plan}, pa je plaćanje zakašnjelo. Dok plaćanje ne prođe, vaši API ključevi ne prihvaćaju zahtjeve.`,
    paymentUpdate:
      'Ažurirajte karticu u naplati: otvoreni račun tada se plaća njome. Naš pružatelj usluga plaćanja također ponovno pokušava teretiti karticu sljedećih dana; ako svi pokušaji ne uspiju, pretplata se otkazuje.',
    updateCard: 'Ažurirajte karticu',
    footnote: 'E-poruke o naplati šalju se bez obzira na vaše postavke obavijesti, dok god imate pretplatu.',
  },
  accountDeleted: {
    subject: 'Vaš FrameForge račun je izbrisan',
    title: 'Vaš FrameForge račun je izbrisan',
    asAsked: (moment) =>
      `Kako ste zatražili ${moment}, vaš FrameForge račun izbrisan je sa svime što je sadržavao: vašim profilom i slikom, API ključevima, zapisima zahtjeva, poslovima i njihovim datotekama te vašim postavkama.`,
    subscription:
      'Svaka pretplata koju ste imali otkazana je i više se neće naplaćivati. Kod našeg pružatelja usluga plaćanja ostaje samo evidencija prošlih plaćanja, za račune i knjigovodstvo.',
    notYou: 'Ako to niste zatražili vi, odmah se obratite podršci za FrameForge.',
    welcomeBack: 'Uvijek ste dobrodošli natrag: s ovom adresom možete otvoriti novi račun.',
    action: 'Posjetite FrameForge',
    footnote: 'Ovo je posljednja e-poruka o ovom računu.',
  },
  emailChanged: {
    subject: 'Adresa e-pošte vašeg FrameForge računa je promijenjena',
    title: 'Adresa e-pošte vašeg FrameForge računa je promijenjena',
    changed: (address, moment) => `Adresa e-pošte vašeg FrameForge računa promijenjena je u ${address} ${moment}.`,
    fromNow: 'Od sada se prijavljujete novom adresom i e-poruke o računu stižu na nju. Ova adresa više nema pristup računu.',
    madeIt: 'Ako ste tu promjenu napravili vi, ne trebate ništa više učiniti.',
    didNot:
      'Ako niste, netko drugi možda ima pristup vašem računu: odmah se obratite podršci za FrameForge kako bismo ga zaključali i vratili vašu adresu. Ako se još možete prijaviti, promijenite lozinku u Postavkama i opozovite sve API ključeve koje ne prepoznajete.',
    action: 'Otvorite FrameForge',
    footnote: 'Ova sigurnosna obavijest šalje se svaki put kad se promijeni adresa računa, bez obzira na vaše postavke obavijesti.',
  },
  auth: {
    verify: {
      subject: 'Potvrdite svoju adresu e-pošte za FrameForge',
      title: 'Potvrdite svoju adresu e-pošte',
      lead: 'Potvrdite ovu adresu kako biste dovršili otvaranje svojeg FrameForge računa.',
      action: 'Potvrdite adresu e-pošte',
      footnote: 'Ako se niste registrirali, zanemarite ovu e-poruku.',
    },
    reset: {
      subject: 'Poništite svoju FrameForge lozinku',
      title: 'Poništite lozinku',
      lead: 'Odaberite novu lozinku za svoj FrameForge račun.',
      action: 'Poništite lozinku',
      footnote: 'Ako to niste zatražili, zanemarite ovu e-poruku: vaša lozinka ostaje ista.',
    },
    confirmNew: {
      subject: 'Potvrdite svoju novu adresu e-pošte za FrameForge',
      title: 'Potvrdite svoju novu adresu e-pošte',
      lead: 'Otvorite ovu poveznicu dok ste prijavljeni kako biste potvrdili adresu.',
      action: 'Potvrdite adresu',
      footnote: 'Ako niste promijenili svoju adresu e-pošte, zanemarite ovu e-poruku.',
    },
  },
};
