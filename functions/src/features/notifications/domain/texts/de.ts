import type { EmailTexts } from './email-texts';
import { countOf } from './plural';

const requests = (n: number) => countOf('de', n, { one: '# Anfrage', other: '# Anfragen' });
const jobs = (n: number) => countOf('de', n, { one: '# Job', other: '# Jobs' });

export const de: EmailTexts = {
  dateLocale: 'de-DE',
  usageAlert: {
    title: 'Sie nähern sich den Limits Ihres Tarifs',
    rateSubject: (used, limit) => `FrameForge-Nutzungswarnung: Ein API-Schlüssel hat ${used} von ${limit} Anfragen pro Minute genutzt`,
    rateBody: ({ used, limit, percent, plan }) =>
      `Einer Ihrer API-Schlüssel hat im aktuellen Einminutenfenster ${used} von ${requests(limit)} genutzt (${percent} %). Der Tarif ${plan} erlaubt ${requests(limit)} pro Minute und Schlüssel.`,
    rateRefused: 'Anfragen über dem Limit werden mit HTTP 429 abgelehnt, bis das Fenster zurückgesetzt wird.',
    concurrencySubject: (plan, cap) => `FrameForge-Nutzungswarnung: Ihre Jobs haben das Limit des Tarifs ${plan} von ${jobs(cap)} gleichzeitig erreicht`,
    concurrencyBody: (plan, cap) => `Ihre Jobs haben das Limit des Tarifs ${plan} von ${jobs(cap)} gleichzeitig erreicht.`,
    concurrencyQueued:
      'Weitere Jobs werden weiterhin angenommen: Sie warten in der Warteschlange (Status queued), bis einer Ihrer laufenden Jobs fertig ist.',
    topPlan: 'Sie nutzen bereits den höchsten Tarif; die Seite Abonnement zeigt seine Limits.',
    higherPlan: 'Ein höherer Tarif hebt diese Limits an.',
    seePlan: 'Ihren Tarif ansehen',
    upgradePlan: 'Tarif hochstufen',
    footnote: 'Sie erhalten höchstens eine Nutzungswarnung pro Tag. Abschalten können Sie sie unter Einstellungen, API-Nutzungswarnungen.',
  },
  jobFailure: {
    subject: (endpoint, taskId) => `FrameForge-Job fehlgeschlagen: ${endpoint} (Task ${taskId})`,
    title: (endpoint) => `Ihr Job ${endpoint} ist fehlgeschlagen`,
    taskId: (taskId) => `Task-ID: ${taskId}`,
    whatWentWrong: (line) => `Was schiefging: ${line}`,
    unknownError: 'Fehler: Der Job ist fehlgeschlagen.',
    details: 'GET /task/{id} und die API-Protokolle im Portal zeigen die Details.',
    action: 'API-Protokolle öffnen',
    footnote: 'Sie erhalten diese E-Mails, weil E-Mail-Benachrichtigungen eingeschaltet sind. Abschalten können Sie sie unter Einstellungen.',
  },
  subscription: {
    cancelledSubject: (plan) => `Ihr FrameForge-Abonnement ${plan} wurde gekündigt`,
    cancelledTitle: (plan) => `Ihr Abonnement ${plan} wurde gekündigt`,
    ended: (plan) =>
      `Ihr Abonnement ${plan} ist beendet. Ihre API-Schlüssel nehmen keine Anfragen mehr an, und es wird Ihnen nichts mehr berechnet.`,
    endsOn: (plan, end) =>
      `Ihr Abonnement ${plan} wurde gekündigt und endet am ${end}. Bis dahin funktionieren Ihre API-Schlüssel weiter; danach wird Ihnen nichts mehr berechnet.`,
    endedStays: 'Ihr Konto, Ihre Schlüssel und Protokolle bleiben erhalten: Schließen Sie jederzeit wieder ein Abonnement ab, um die API zu nutzen.',
    renewBeforeEnd: 'Haben Sie es sich anders überlegt? Auf der Seite Abonnement können Sie das Abonnement verlängern, bevor es endet.',
    choosePlan: 'Tarif wählen',
    manage: 'Abonnement verwalten',
    paymentSubject: 'Handlungsbedarf: Ihre FrameForge-Zahlung ist fehlgeschlagen',
    paymentTitle: 'Ihre FrameForge-Zahlung ist fehlgeschlagen',
    paymentBody: (plan) =>
      `Wir konnten Ihre Karte für Ihr Abonnement ${plan} nicht belasten, daher ist es überfällig. Bis eine Zahlung durchgeht, nehmen Ihre API-Schlüssel keine Anfragen an.`,
    paymentUpdate:
      'Aktualisieren Sie Ihre Karte in der Abrechnung: Die offene Rechnung wird dann damit bezahlt. Unser Zahlungsanbieter versucht es in den nächsten Tagen auch erneut mit der Karte; schlagen alle Versuche fehl, wird das Abonnement gekündigt.',
    updateCard: 'Karte aktualisieren',
    footnote: 'Abrechnungs-E-Mails werden unabhängig von Ihren Benachrichtigungseinstellungen gesendet, solange Sie ein Abonnement haben.',
  },
  accountDeleted: {
    subject: 'Ihr FrameForge-Konto wurde gelöscht',
    title: 'Ihr FrameForge-Konto wurde gelöscht',
    asAsked: (moment) =>
      `Wie von Ihnen am ${moment} gewünscht, wurde Ihr FrameForge-Konto mit allen Inhalten gelöscht: Ihr Profil und Profilbild, API-Schlüssel, Anfrageprotokolle, Jobs und deren Dateien sowie Ihre Einstellungen.`,
    subscription:
      'Ein bestehendes Abonnement wurde gekündigt und wird nicht mehr berechnet. Nur die Aufzeichnungen früherer Zahlungen bleiben für Rechnungen und Buchhaltung bei unserem Zahlungsanbieter.',
    notYou: 'Falls Sie dies nicht veranlasst haben, wenden Sie sich umgehend an den FrameForge-Support.',
    welcomeBack: 'Sie sind jederzeit wieder willkommen: Sie können mit dieser Adresse ein neues Konto erstellen.',
    action: 'FrameForge besuchen',
    footnote: 'Dies ist die letzte E-Mail zu diesem Konto.',
  },
  emailChanged: {
    subject: 'Ihre FrameForge-E-Mail-Adresse wurde geändert',
    title: 'Ihre FrameForge-E-Mail-Adresse wurde geändert',
    changed: (address, moment) => `Die E-Mail-Adresse Ihres FrameForge-Kontos wurde am ${moment} in ${address} geändert.`,
    fromNow:
      'Ab jetzt melden Sie sich mit der neuen Adresse an, und Konto-E-Mails gehen dorthin. Diese Adresse hat keinen Zugriff mehr auf das Konto.',
    madeIt: 'Wenn Sie diese Änderung vorgenommen haben, ist nichts weiter zu tun.',
    didNot:
      'Wenn nicht, hat möglicherweise jemand anderes Zugriff auf Ihr Konto: Wenden Sie sich umgehend an den FrameForge-Support, damit wir es sperren und Ihre Adresse wiederherstellen können. Wenn Sie sich noch anmelden können, ändern Sie Ihr Passwort unter Einstellungen und widerrufen Sie alle API-Schlüssel, die Sie nicht kennen.',
    action: 'FrameForge öffnen',
    footnote: 'Dieser Sicherheitshinweis wird bei jeder Änderung der Adresse eines Kontos gesendet, unabhängig von Ihren Benachrichtigungseinstellungen.',
  },
  auth: {
    verify: {
      subject: 'Bestätigen Sie Ihre FrameForge-E-Mail-Adresse',
      title: 'Bestätigen Sie Ihre E-Mail-Adresse',
      lead: 'Bestätigen Sie diese Adresse, um die Erstellung Ihres FrameForge-Kontos abzuschließen.',
      action: 'E-Mail-Adresse bestätigen',
      footnote: 'Wenn Sie sich nicht registriert haben, ignorieren Sie diese E-Mail.',
    },
    reset: {
      subject: 'Setzen Sie Ihr FrameForge-Passwort zurück',
      title: 'Passwort zurücksetzen',
      lead: 'Wählen Sie ein neues Passwort für Ihr FrameForge-Konto.',
      action: 'Passwort zurücksetzen',
      footnote: 'Wenn Sie dies nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.',
    },
    confirmNew: {
      subject: 'Bestätigen Sie Ihre neue FrameForge-E-Mail-Adresse',
      title: 'Bestätigen Sie Ihre neue E-Mail-Adresse',
      lead: 'Öffnen Sie diesen Link, während Sie angemeldet sind, um die Adresse zu bestätigen.',
      action: 'Adresse bestätigen',
      footnote: 'Wenn Sie Ihre E-Mail-Adresse nicht geändert haben, ignorieren Sie diese E-Mail.',
    },
  },
};
