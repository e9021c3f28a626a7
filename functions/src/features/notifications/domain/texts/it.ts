import type { EmailTexts } from './email-texts';
import { countOf } from './plural';

const requests = (n: number) => countOf('it', n, { one: '# richiesta', other: '# richieste' });

export const it: EmailTexts = {
  dateLocale: 'it-IT',
  usageAlert: {
    title: 'Sei vicino ai limiti del tuo piano',
    rateSubject: (used, limit) => `Avviso di utilizzo FrameForge: una chiave API ha usato ${used} delle sue ${limit} richieste al minuto`,
    rateBody: ({ used, limit, percent, plan }) =>
      `Una delle tue chiavi API ha usato ${used} delle sue ${requests(limit)} nella finestra di un minuto in corso (${percent}%). Il piano ${plan} consente ${requests(limit)} al minuto per chiave.`,
    rateRefused: 'Le richieste oltre il limite vengono rifiutate con HTTP 429 finché la finestra non si azzera.',
    // "job" is invariable in Italian: one form for every count.
    concurrencySubject: (plan, cap) => `Avviso di utilizzo FrameForge: i tuoi job hanno raggiunto il limite del piano ${plan} di ${cap} job alla volta`,
    concurrencyBody: (plan, cap) => `I tuoi job hanno raggiunto il limite del piano ${plan} di ${cap} job in esecuzione alla volta.`,
    concurrencyQueued:
      'Gli altri job vengono comunque accettati: attendono in coda (stato queued) finché uno dei tuoi job in esecuzione non termina.',
    topPlan: 'Hai già il piano più alto; la pagina Abbonamento ne mostra i limiti.',
    higherPlan: 'Un piano superiore alza questi limiti.',
    seePlan: 'Vedi il tuo piano',
    upgradePlan: 'Esegui l’upgrade del piano',
    footnote: 'Ricevi al massimo un avviso di utilizzo al giorno. Puoi disattivarli in Impostazioni, Avvisi di utilizzo API.',
  },
  jobFailure: {
    subject: (endpoint, taskId) => `Job FrameForge non riuscito: ${endpoint} (task ${taskId})`,
    title: (endpoint) => `Il tuo job ${endpoint} non è riuscito`,
    taskId: (taskId) => `ID del task: ${taskId}`,
    whatWentWrong: (line) => `Cosa è andato storto: ${line}`,
    unknownError: 'Errore: il job non è riuscito.',
    details: 'GET /task/{id} e i log API nel portale mostrano i dettagli.',
    action: 'Apri i log API',
    footnote: 'Ricevi queste e-mail perché le notifiche via e-mail sono attive. Puoi disattivarle in Impostazioni.',
  },
  subscription: {
    cancelledSubject: (plan) => `Il tuo abbonamento FrameForge ${plan} è stato annullato`,
    cancelledTitle: (plan) => `Il tuo abbonamento ${plan} è stato annullato`,
    ended: (plan) => `Il tuo abbonamento ${plan} è terminato. Le tue chiavi API non accettano più richieste e non ti verrà addebitato più nulla.`,
    endsOn: (plan, end) =>
      `Il tuo abbonamento ${plan} è stato annullato e termina il ${end}. Fino ad allora le tue chiavi API continuano a funzionare; dopo non ti verrà addebitato più nulla.`,
    endedStays: 'Il tuo account, le chiavi e i log restano: abbonati di nuovo in qualsiasi momento per usare l’API.',
    renewBeforeEnd: 'Hai cambiato idea? Puoi rinnovare l’abbonamento dalla pagina Abbonamento prima che termini.',
    choosePlan: 'Scegli un piano',
    manage: 'Gestisci il tuo abbonamento',
    paymentSubject: 'Azione richiesta: il pagamento FrameForge non è riuscito',
    paymentTitle: 'Il tuo pagamento FrameForge non è riuscito',
    paymentBody: (plan) =>
      `Non siamo riusciti ad addebitare la tua carta per l’abbonamento ${plan}, che risulta quindi scaduto. Finché un pagamento non va a buon fine, le tue chiavi API non accettano richieste.`,
    paymentUpdate:
      'Aggiorna la carta nella fatturazione: la fattura aperta verrà poi pagata con quella. Il nostro fornitore di pagamenti riprova anche ad addebitare la carta nei prossimi giorni; se tutti i tentativi falliscono, l’abbonamento viene annullato.',
    updateCard: 'Aggiorna la carta',
    footnote: 'Le e-mail di fatturazione vengono inviate a prescindere dalle tue preferenze di notifica, finché hai un abbonamento.',
  },
  accountDeleted: {
    subject: 'Il tuo account FrameForge è stato eliminato',
    title: 'Il tuo account FrameForge è stato eliminato',
    asAsked: (moment) =>
      `Come hai chiesto il ${moment}, il tuo account FrameForge è stato eliminato con tutto il suo contenuto: profilo e immagine, chiavi API, log delle richieste, job e relativi file, e le tue impostazioni.`,
    subscription:
      'Qualsiasi abbonamento attivo è stato annullato e non verrà più addebitato. Solo la registrazione dei pagamenti passati resta presso il nostro fornitore di pagamenti, per fatture e contabilità.',
    notYou: 'Se non l’hai chiesto tu, contatta subito l’assistenza FrameForge.',
    welcomeBack: 'Sarai sempre il benvenuto: puoi creare un nuovo account con questo indirizzo.',
    action: 'Visita FrameForge',
    footnote: 'Questa è l’ultima e-mail relativa a questo account.',
  },
  emailChanged: {
    subject: 'L’indirizzo e-mail del tuo account FrameForge è stato cambiato',
    title: 'L’indirizzo e-mail del tuo account FrameForge è stato cambiato',
    changed: (address, moment) => `L’indirizzo e-mail del tuo account FrameForge è stato cambiato in ${address} il ${moment}.`,
    fromNow:
      'D’ora in poi accedi con il nuovo indirizzo e le e-mail dell’account arrivano lì. Questo indirizzo non ha più accesso all’account.',
    madeIt: 'Se hai fatto tu questa modifica, non devi fare altro.',
    didNot:
      'Altrimenti qualcun altro potrebbe avere accesso al tuo account: contatta subito l’assistenza FrameForge, così possiamo bloccarlo e ripristinare il tuo indirizzo. Se riesci ancora ad accedere, cambia la password in Impostazioni e revoca le chiavi API che non riconosci.',
    action: 'Apri FrameForge',
    footnote: 'Questo avviso di sicurezza viene inviato ogni volta che cambia l’indirizzo di un account, a prescindere dalle tue preferenze di notifica.',
  },
  auth: {
    verify: {
      subject: 'Verifica il tuo indirizzo e-mail FrameForge',
      title: 'Verifica il tuo indirizzo e-mail',
      lead: 'Conferma questo indirizzo per completare la creazione del tuo account FrameForge.',
      action: 'Verifica indirizzo e-mail',
      footnote: 'Se non ti sei registrato, ignora questa e-mail.',
    },
    reset: {
      subject: 'Reimposta la tua password FrameForge',
      title: 'Reimposta la password',
      lead: 'Scegli una nuova password per il tuo account FrameForge.',
      action: 'Reimposta password',
      footnote: 'Se non l’hai chiesto tu, ignora questa e-mail: la tua password resta invariata.',
    },
    confirmNew: {
      subject: 'Conferma il tuo nuovo indirizzo e-mail FrameForge',
      title: 'Conferma il tuo nuovo indirizzo e-mail',
      lead: 'Apri questo link dopo aver effettuato l’accesso per confermare l’indirizzo.',
      action: 'Conferma indirizzo',
      footnote: 'Se non hai cambiato il tuo indirizzo e-mail, ignora questa e-mail.',
    },
  },
};
