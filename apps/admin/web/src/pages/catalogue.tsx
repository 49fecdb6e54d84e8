import { useState } from 'react';
import { formatMoney, parseMoney } from '@storefront/web';
import { can } from '../access.ts';
import { api, client } from '../api.ts';
import type { Category, Gateway } from '../types.ts';
import { minorToInput, Notice, PagedTable, useAction, useCurrency, usePaged } from '../ui.tsx';

export function CategoriesPage() {
  const list = usePaged((page) => api(client.GET('/api/v1/admin/categories', { params: { query: page } })), [], 100);
  const [name, setName] = useState('');
  const [sort, setSort] = useState('0');
  const action = useAction();
  const create = () =>
    action.run(async () => {
      if (!/^-?\d+$/.test(sort.trim())) throw new Error('Sort order must be a whole number.');
      await api(client.POST('/api/v1/admin/categories', { body: { name: name.trim(), sort_order: Number(sort), is_active: true } }));
      setName('');
      list.reload();
    });
  const update = (c: Category, patch: Partial<Pick<Category, 'name' | 'sort_order' | 'is_active'>>) =>
    action.run(async () => {
      await api(client.PUT('/api/v1/admin/categories/{id}', { params: { path: { id: c.id } }, body: patch }));
      list.reload();
    });
  const remove = (c: Category) =>
    action.run(async () => {
      if (!confirm(`Delete the category "${c.name}"?`)) return;
      await api(client.DELETE('/api/v1/admin/categories/{id}', { params: { path: { id: c.id } } }));
      list.reload();
    });
  const write = can('catalogue.write');
  return (
    <section>
      <h1>Categories</h1>
      {write && (
        <form
          className="filters"
          onSubmit={(e) => {
            e.preventDefault();
            void create();
          }}
        >
          <input aria-label="New category name" placeholder="New category name" value={name} onChange={(e) => setName(e.target.value)} required />
          <input aria-label="Sort order" className="narrow" value={sort} onChange={(e) => setSort(e.target.value)} />
          <button type="submit" disabled={action.busy}>
            Add category
          </button>
        </form>
      )}
      <PagedTable
        list={list}
        error={action.error}
        columns={['Name', 'Slug', 'Sort order', 'Active', { hidden: 'Actions' }]}
        row={(c) => (
          <tr key={c.id}>
            <td>
              <input disabled={!write} aria-label={`Name of ${c.name}`} defaultValue={c.name} onBlur={(e) => e.target.value.trim() && e.target.value !== c.name && update(c, { name: e.target.value.trim() })} />
            </td>
            <td>{c.slug}</td>
            <td>
              <input disabled={!write} className="narrow" aria-label={`Sort order of ${c.name}`} defaultValue={String(c.sort_order)} onBlur={(e) => /^-?\d+$/.test(e.target.value) && Number(e.target.value) !== c.sort_order && update(c, { sort_order: Number(e.target.value) })} />
            </td>
            <td>
              <input disabled={!write} type="checkbox" aria-label={`${c.name} active`} checked={c.is_active} onChange={(e) => update(c, { is_active: e.target.checked })} />
            </td>
            <td>
              {write && (
                <button type="button" className="danger" onClick={() => remove(c)}>
                  Delete
                </button>
              )}
            </td>
          </tr>
        )}
      />
    </section>
  );
}

export function GatewaysPage() {
  const list = usePaged((page) => api(client.GET('/api/v1/admin/payment-gateways', { params: { query: page } })), [], 100);
  const currency = useCurrency();
  const [form, setForm] = useState({ code: '', name: '', min: '', max: '' });
  const [notice, setNotice] = useState<string | null>(null);
  const action = useAction();
  const create = () =>
    action.run(async () => {
      const body = { code: form.code.trim(), name: form.name.trim(), is_active: true, min_amount: amountOf(form.min, 'Minimum', currency), max_amount: amountOf(form.max, 'Maximum', currency) };
      await api(client.POST('/api/v1/admin/payment-gateways', { body }));
      setForm({ code: '', name: '', min: '', max: '' });
      setNotice(null);
      list.reload();
    });
  const save = (g: Gateway, edit: GatewayEdit) =>
    action.run(async () => {
      setNotice(null);
      const { patch, changes } = gatewayChanges(g, edit, currency);
      if (changes.length === 0) {
        setNotice(`Nothing changed on ${g.code}.`);
        return;
      }
      if (!confirm(`Save these changes to ${g.code}?\n\n${changes.join('\n')}`)) return;
      await api(client.PUT('/api/v1/admin/payment-gateways/{id}', { params: { path: { id: g.id } }, body: patch }));
      setNotice(`Saved ${g.code}: ${changes.join('; ')}.`);
      list.reload();
    });
  const remove = (g: Gateway) =>
    action.run(async () => {
      if (!confirm(`Delete the gateway "${g.name}"?`)) return;
      await api(client.DELETE('/api/v1/admin/payment-gateways/{id}', { params: { path: { id: g.id } } }));
      setNotice(`Deleted ${g.code}.`);
      list.reload();
    });
  const write = can('gateways.write');
  return (
    <section>
      <h1>Payment gateways</h1>
      {write && (
        <form
          className="filters"
          onSubmit={(e) => {
            e.preventDefault();
            void create();
          }}
        >
          <input aria-label="Gateway code" placeholder="code (e.g. gateway_a)" value={form.code} onChange={(e) => setForm({ ...form, code: e.target.value })} required />
          <input aria-label="Gateway name" placeholder="Name shown to users" value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} required />
          <input aria-label="Minimum amount" placeholder={`min (${currency})`} className="narrow" value={form.min} onChange={(e) => setForm({ ...form, min: e.target.value })} />
          <input aria-label="Maximum amount" placeholder={`max (${currency})`} className="narrow" value={form.max} onChange={(e) => setForm({ ...form, max: e.target.value })} />
          <button type="submit" disabled={action.busy}>
            Add gateway
          </button>
        </form>
      )}
      {write && <p className="muted hint">Changes to a row are sent only when you press its Save.</p>}
      <Notice text={notice} />
      <PagedTable
        list={list}
        error={action.error}
        columns={['Code', 'Name', 'Sort', 'Minimum', 'Maximum', 'Active', { hidden: 'Actions' }]}
        row={(g) => <GatewayRow key={`${currency} ${JSON.stringify(g)}`} g={g} currency={currency} write={write} busy={action.busy} onSave={save} onDelete={remove} />}
      />
    </section>
  );
}

/** A gateway's row as typed, before it is saved. */
interface GatewayEdit {
  name: string;
  sort: string;
  min: string;
  max: string;
  active: boolean;
}

const editOf = (g: Gateway, currency: string): GatewayEdit => ({
  name: g.name,
  sort: String(g.sort_order),
  min: minorToInput(g.min_amount, currency),
  max: minorToInput(g.max_amount, currency),
  active: g.is_active,
});

/** An amount typed in the currency, or null for an empty field. */
function amountOf(text: string, label: string, currency: string): number | null {
  if (text.trim() === '') return null;
  const v = parseMoney(text, currency);
  if (v === null) throw new Error(`${label} must be an amount in ${currency}, like 100.00, or empty.`);
  return v;
}

/** What a save would change: the body to send, and one line per changed field ("minimum: none → ₹100.00"). Throws on a field that is not valid. */
function gatewayChanges(g: Gateway, edit: GatewayEdit, currency: string) {
  const name = edit.name.trim();
  if (name === '') throw new Error('The name cannot be empty.');
  if (!/^-?\d+$/.test(edit.sort.trim())) throw new Error('Sort must be a whole number.');
  const sort = Number(edit.sort.trim());
  const min = amountOf(edit.min, 'Minimum', currency);
  const max = amountOf(edit.max, 'Maximum', currency);
  const money = (v: number | null, none: string) => (v === null ? none : formatMoney(v, currency));
  const patch: Partial<Pick<Gateway, 'name' | 'sort_order' | 'is_active' | 'min_amount' | 'max_amount'>> = {};
  const changes: string[] = [];
  if (name !== g.name) (patch.name = name), changes.push(`name: ${g.name} → ${name}`);
  if (sort !== g.sort_order) (patch.sort_order = sort), changes.push(`sort: ${g.sort_order} → ${sort}`);
  if (min !== g.min_amount) (patch.min_amount = min), changes.push(`minimum: ${money(g.min_amount, 'none')} → ${money(min, 'none')}`);
  if (max !== g.max_amount) (patch.max_amount = max), changes.push(`maximum: ${money(g.max_amount, 'none')} → ${money(max, 'none')}`);
  if (edit.active !== g.is_active) (patch.is_active = edit.active), changes.push(`active: ${g.is_active ? 'yes' : 'no'} → ${edit.active ? 'yes' : 'no'}`);
  return { patch, changes };
}

function GatewayRow(props: { g: Gateway; currency: string; write: boolean; busy: boolean; onSave: (g: Gateway, edit: GatewayEdit) => Promise<void>; onDelete: (g: Gateway) => Promise<void> }) {
  const { g, currency, write } = props;
  const saved = editOf(g, currency);
  const [edit, setEdit] = useState(saved);
  const touched = JSON.stringify(edit) !== JSON.stringify(saved);
  const field = (k: 'name' | 'sort' | 'min' | 'max') => ({ disabled: !write, value: edit[k], onChange: (e: { target: { value: string } }) => setEdit({ ...edit, [k]: e.target.value }) });
  return (
    <tr className={touched ? 'unsaved' : undefined}>
      <td>{g.code}</td>
      <td>
        <input aria-label={`Name of ${g.code}`} {...field('name')} />
      </td>
      <td>
        <input className="narrow" aria-label={`Sort order of ${g.code}`} {...field('sort')} />
      </td>
      <td>
        <input className="narrow" inputMode="decimal" aria-label={`Minimum of ${g.code}`} title={g.min_amount === null ? 'No minimum' : formatMoney(g.min_amount, currency)} {...field('min')} />
      </td>
      <td>
        <input className="narrow" inputMode="decimal" aria-label={`Maximum of ${g.code}`} title={g.max_amount === null ? 'No maximum' : formatMoney(g.max_amount, currency)} {...field('max')} />
      </td>
      <td>
        <input disabled={!write} type="checkbox" aria-label={`${g.code} active`} checked={edit.active} onChange={(e) => setEdit({ ...edit, active: e.target.checked })} />
      </td>
      <td>
        {write && (
          <div className="buttons nowrap">
            <button type="button" aria-label={`Save ${g.code}`} disabled={props.busy || !touched} onClick={() => void props.onSave(g, edit)}>
              Save
            </button>
            {touched && (
              <button type="button" className="secondary" aria-label={`Undo the changes to ${g.code}`} onClick={() => setEdit(saved)}>
                Undo
              </button>
            )}
            <button type="button" className="danger" onClick={() => void props.onDelete(g)}>
              Delete
            </button>
          </div>
        )}
      </td>
    </tr>
  );
}
