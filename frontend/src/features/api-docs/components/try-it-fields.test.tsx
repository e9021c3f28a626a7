import { useState } from 'react';
import { screen } from '@testing-library/react';
import { renderScreen } from '../../../testing/render-screen';
import { endpointsOf } from '../endpoints';
import { FIXTURE } from '../openapi-fixture';
import { tryItFormOf } from '../try-it/try-it-form';
import { initialValues, type TryItValues } from '../try-it/try-it-request';
import { TryItFields } from './try-it-fields';

const crop = endpointsOf(FIXTURE).find((e) => e.path === '/crop');
if (!crop) throw new Error('/crop is not in the fixture');
const form = tryItFormOf(crop);
let latest: TryItValues = initialValues(form);

function Harness() {
  const [values, setValues] = useState(() => initialValues(form));
  latest = values;
  return <TryItFields fields={form.fields} values={values} onChange={setValues} />;
}

describe('the try-it form of an operation', () => {
  it('renders an input of the right kind for each field, labelled by its name, and keeps what the user types', async () => {
    const { user } = await renderScreen(<Harness />, { namespaces: ['apiDocs'] });
    const w = await screen.findByLabelText('w required');
    expect(w).toHaveAttribute('type', 'number');
    expect(w).toHaveAttribute('min', '2');
    expect(w).toBeRequired();
    expect(w).toHaveValue(160);
    // The upload starts on the portal's sample; the user may pick a file of their own instead.
    const upload = screen.getByLabelText('file optional');
    expect(upload).toHaveValue('sample');
    await user.selectOptions(upload, 'own');
    expect(screen.getByLabelText('File to send as file')).toHaveAttribute('type', 'file');
    await user.clear(w);
    await user.type(w, '320');
    expect(latest.text.w).toBe('320');
    expect(latest.files.file).toEqual({ source: 'own', files: [] });
  });
});
