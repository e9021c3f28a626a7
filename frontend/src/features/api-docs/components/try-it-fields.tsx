import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TryItField } from '../try-it/try-it-form';
import type { FileChoice, TryItValues } from '../try-it/try-it-request';
import { MarkdownText } from './markdown-text';

const control = 'w-full min-w-0 rounded-md border-0 bg-white py-1.5 px-2 text-sm text-zinc-900 ring-1 ring-inset ring-zinc-300 focus:ring-2 focus:ring-indigo-600';

interface FieldProps {
  field: TryItField;
  values: TryItValues;
  onChange: (next: TryItValues) => void;
}

function FileInput({ field, values, onChange, id }: FieldProps & { id: string }) {
  const { t } = useTranslation('apiDocs');
  const choice = values.files[field.name] ?? { source: 'none' };
  const set = (next: FileChoice) => onChange({ ...values, files: { ...values.files, [field.name]: next } });
  return (
    <div className="space-y-2">
      <select id={id} value={choice.source} onChange={(event) => set(event.target.value === 'own' ? { source: 'own', files: [] } : ({ source: event.target.value } as FileChoice))} className={control}>
        <option value="sample">{field.sample === 'audio' ? t('tryIt.sampleAudio') : t('tryIt.sampleVideo')}</option>
        <option value="own">{t('tryIt.ownFile')}</option>
        <option value="none">{t('tryIt.noFile')}</option>
      </select>
      {choice.source === 'own' && (
        <input
          type="file"
          aria-label={t('tryIt.chooseFile', { name: field.name })}
          multiple={field.kind === 'files'}
          accept={field.sample === 'audio' ? 'audio/*' : 'video/*,audio/*,image/*'}
          onChange={(event) => set({ source: 'own', files: Array.from(event.target.files ?? []) })}
          className="block w-full min-w-0 text-sm text-zinc-700 file:me-3 file:rounded-md file:border-0 file:bg-indigo-50 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-indigo-700"
        />
      )}
    </div>
  );
}

function ValueInput({ field, values, onChange, id, describedBy }: FieldProps & { id: string; describedBy?: string }) {
  const { t } = useTranslation('apiDocs');
  const value = values.text[field.name] ?? '';
  const set = (next: string) => onChange({ ...values, text: { ...values.text, [field.name]: next } });
  const common = { id, value, 'aria-describedby': describedBy, required: field.required };
  if (field.kind === 'flag' || field.kind === 'choice') {
    return (
      <select {...common} onChange={(event) => set(event.target.value)} className={control}>
        <option value="">{t('tryIt.notSet')}</option>
        {field.options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    );
  }
  if (field.kind === 'list') return <textarea {...common} dir="ltr" rows={3} onChange={(event) => set(event.target.value)} className={`${control} font-mono`} />;
  if (field.kind === 'number') return <input {...common} type="number" inputMode="decimal" step="any" min={field.min} max={field.max} onChange={(event) => set(event.target.value)} className={control} />;
  return <input {...common} type="text" dir="ltr" onChange={(event) => set(event.target.value)} className={`${control} font-mono`} />;
}

function Field(props: FieldProps) {
  const { t } = useTranslation('apiDocs');
  const id = useId();
  const { field } = props;
  const upload = field.kind === 'file' || field.kind === 'files';
  const hint = field.kind === 'list' ? t('tryIt.onePerLine') : undefined;
  return (
    <div className="min-w-0 space-y-1">
      <label htmlFor={id} className="flex flex-wrap items-baseline gap-x-2 text-sm">
        <code dir="ltr" className="font-mono font-semibold text-zinc-900">
          {field.name}
        </code>{' '}
        <span className="text-xs text-zinc-600">{field.required ? t('tryIt.required') : t('tryIt.optional')}</span>
      </label>
      {upload ? <FileInput {...props} id={id} /> : <ValueInput {...props} id={id} describedBy={hint || field.description ? `${id}-hint` : undefined} />}
      {(hint || field.description) && (
        <p id={`${id}-hint`} className="text-xs break-words text-zinc-600">
          {hint ?? <MarkdownText text={field.description ?? ''} />}
        </p>
      )}
    </div>
  );
}

/** One input per field of the operation, each of the kind its schema asks for. */
export function TryItFields({ fields, values, onChange }: { fields: TryItField[]; values: TryItValues; onChange: (next: TryItValues) => void }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {fields.map((field) => (
        <Field key={`${field.location} ${field.name}`} field={field} values={values} onChange={onChange} />
      ))}
    </div>
  );
}
