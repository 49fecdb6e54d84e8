import { useEffect, useState } from 'react';
import { Link, Money, navigate, parseMoney } from '@storefront/web';
import { can } from '../access.ts';
import { api, client } from '../api.ts';
import type { Category, ProductImage } from '../types.ts';
import { FilterBar, LiveSearch, present, useUrlFilters } from '../filters.tsx';
import { ErrorBox, minorToInput, Notice, PagedTable, useAction, useCurrency, usePaged } from '../ui.tsx';

const PRODUCT_FILTERS = ['q', 'is_active', 'stock_level', 'sort'] as const;

export function ProductsPage() {
  const { values: f, set } = useUrlFilters(PRODUCT_FILTERS);
  const query = {
    ...present(f),
    is_active: f.is_active === 'true' ? true : f.is_active === 'false' ? false : undefined,
    stock_level: (['low', 'out'] as const).find((l) => l === f.stock_level),
    sort: f.sort === 'stock' ? ('stock' as const) : undefined,
  };
  const list = usePaged((page) => api(client.GET('/api/v1/admin/products', { params: { query: { ...page, ...query } } })), [JSON.stringify(query)]);
  return (
    <section>
      <div className="title-row">
        <h1>Products</h1>
        {can('catalogue.write') && (
          <button type="button" onClick={() => navigate('/products/new')}>
            New product
          </button>
        )}
      </div>
      <FilterBar active={PRODUCT_FILTERS.some((k) => f[k])} clear={() => set({ q: '', is_active: '', stock_level: '', sort: '' })}>
        <LiveSearch label="Search products" placeholder="Search by name" value={f.q} onSearch={(text) => set({ q: text })} />
        <select aria-label="Active filter" value={f.is_active} onChange={(e) => set({ is_active: e.target.value })}>
          <option value="">All</option>
          <option value="true">Active only</option>
          <option value="false">Inactive only</option>
        </select>
        <select aria-label="Stock filter" value={query.stock_level ?? ''} onChange={(e) => set({ stock_level: e.target.value })}>
          <option value="">Any stock</option>
          <option value="low">Low stock (out included)</option>
          <option value="out">Out of stock</option>
        </select>
        <select aria-label="Sort" value={query.sort ?? ''} onChange={(e) => set({ sort: e.target.value })}>
          <option value="">Newest first</option>
          <option value="stock">Fewest in stock first</option>
        </select>
      </FilterBar>
      <PagedTable
        list={list}
        testId="products"
        columns={[{ hidden: 'Cover image' }, 'Name', 'Price', 'Stock', 'Active', 'Images']}
        empty="No products found."
        row={(p) => (
          <tr key={p.id}>
            <td>{p.image_url ? <img className="thumb" src={p.image_url} alt="" /> : null}</td>
            <td>
              <Link to={`/products/${p.id}`}>{p.name}</Link>
            </td>
            <td>
              <Money minor={p.price} currency={p.currency} />
            </td>
            <td>
              {p.stock} <StockLevel level={p.stock_level} />
            </td>
            <td>{p.is_active ? 'yes' : 'no'}</td>
            <td>{p.images.length}</td>
          </tr>
        )}
      />
    </section>
  );
}

/** "Out of stock" and "Low stock" as badges; nothing when there is enough. */
function StockLevel({ level }: { level: 'in_stock' | 'low' | 'out_of_stock' }) {
  if (level === 'in_stock') return null;
  return <span className={`status stock-${level}`}>{level === 'low' ? 'Low stock' : 'Out of stock'}</span>;
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(new Error(`Could not read ${file.name}.`));
    r.readAsDataURL(file);
  });
}

interface Form {
  name: string;
  description: string;
  price: string;
  stock: string;
  /** Empty: the shop's default (LOW_STOCK_THRESHOLD on the API). */
  low_stock_threshold: string;
  category_id: string;
  is_active: boolean;
  unit_cost: string;
}

export function ProductEditPage({ id }: { id: string | null }) {
  const [form, setForm] = useState<Form>({ name: '', description: '', price: '', stock: '0', low_stock_threshold: '', category_id: '', is_active: true, unit_cost: '' });
  const [images, setImages] = useState<ProductImage[]>([]);
  const storeCurrency = useCurrency();
  const [productCurrency, setCurrency] = useState<string | null>(null);
  const currency = productCurrency ?? storeCurrency;
  const [categories, setCategories] = useState<Category[]>([]);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [costShown, setCostShown] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const save = useAction();
  const upload = useAction();

  useEffect(() => {
    api(client.GET('/api/v1/admin/categories', { params: { query: { limit: 100 } } })).then((p) => setCategories(p.items), () => setCategories([]));
    if (!id) {
      return;
    }
    (async () => {
      try {
        const p = await api(client.GET('/api/v1/admin/products/{id}', { params: { path: { id } } }));
        let cost: number | null = null;
        try {
          cost = (await api(client.GET('/api/v1/admin/products/{id}/cost', { params: { path: { id } } }))).unit_cost;
          setCostShown(true);
        } catch {
          cost = null;
        }
        setCurrency(p.currency);
        setForm({
          name: p.name,
          description: p.description,
          price: minorToInput(p.price, p.currency),
          stock: String(p.stock),
          low_stock_threshold: p.low_stock_threshold === null ? '' : String(p.low_stock_threshold),
          category_id: p.category_id ?? '',
          is_active: p.is_active,
          unit_cost: minorToInput(cost, p.currency),
        });
        setImages(p.images.map((i) => ({ image_url: i.image_url, alt_text: i.alt_text })));
      } catch (err) {
        setLoadError(err);
      }
    })();
  }, [id]);

  const set = <K extends keyof Form>(k: K, v: Form[K]) => setForm((f) => ({ ...f, [k]: v }));
  const move = (i: number, d: -1 | 1) =>
    setImages((xs) => {
      const j = i + d;
      if (j < 0 || j >= xs.length) return xs;
      const next = [...xs];
      [next[i], next[j]] = [next[j]!, next[i]!];
      return next;
    });

  const onFiles = (files: FileList | null) =>
    upload.run(async () => {
      for (const file of Array.from(files ?? [])) {
        const data = await readAsDataUrl(file);
        const res = await api(client.POST('/api/v1/admin/uploads/image', { body: { filename: file.name, data } }));
        setImages((xs) => [...xs, { image_url: res.data.url, alt_text: file.name.replace(/\.[^.]+$/, '') }]);
      }
    });

  const submit = () =>
    save.run(async () => {
      const price = parseMoney(form.price, currency);
      if (price === null) throw new Error(`Enter the price in ${currency}, like 12.50.`);
      if (!/^\d+$/.test(form.stock.trim())) throw new Error('Stock must be a whole number.');
      const threshold = form.low_stock_threshold.trim();
      if (threshold !== '' && !/^\d+$/.test(threshold)) throw new Error('The low-stock alert must be a whole number, or empty for the shop default.');
      const cost = form.unit_cost.trim() === '' ? null : parseMoney(form.unit_cost, currency);
      if (form.unit_cost.trim() !== '' && cost === null) throw new Error(`Enter the unit cost in ${currency}, like 8.00, or leave it empty.`);
      const body = {
        name: form.name.trim(),
        description: form.description,
        price,
        stock: Number(form.stock.trim()),
        low_stock_threshold: threshold === '' ? null : Number(threshold),
        category_id: form.category_id || null,
        is_active: form.is_active,
        images: images.map((i) => ({ image_url: i.image_url, alt_text: i.alt_text })),
      };
      const saved = id
        ? await api(client.PUT('/api/v1/admin/products/{id}', { params: { path: { id } }, body }))
        : await api(client.POST('/api/v1/admin/products', { body }));
      await api(client.PUT('/api/v1/admin/products/{id}/cost', { params: { path: { id: saved.id } }, body: { unit_cost: cost } }));
      setImages(saved.images.map((i) => ({ image_url: i.image_url, alt_text: i.alt_text })));
      setNotice('Saved.');
      if (!id) navigate(`/products/${saved.id}`, true);
    });

  const remove = () =>
    save.run(async () => {
      if (!id || !confirm('Delete this product?')) return;
      await api(client.DELETE('/api/v1/admin/products/{id}', { params: { path: { id } } }));
      navigate('/products');
    });

  if (loadError) return <ErrorBox error={loadError} />;
  if (!can('catalogue.write')) {
    const category = categories.find((c) => c.id === form.category_id)?.name ?? (form.category_id ? '…' : 'None');
    return <ProductView form={form} images={images} currency={currency} category={category} costShown={costShown} />;
  }
  return (
    <section>
      <h1>{id ? 'Edit product' : 'New product'}</h1>
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          setNotice(null);
          void submit();
        }}
      >
        <label>
          Name
          <input name="name" value={form.name} onChange={(e) => set('name', e.target.value)} required maxLength={200} />
        </label>
        <label>
          Description
          <textarea name="description" value={form.description} onChange={(e) => set('description', e.target.value)} rows={3} />
        </label>
        <div className="row">
          <label>
            Price ({currency})
            <input name="price" inputMode="decimal" placeholder="0.00" value={form.price} onChange={(e) => set('price', e.target.value)} required />
          </label>
          <label>
            Unit cost ({currency}, admin only)
            <input name="unit_cost" inputMode="decimal" placeholder="not set" value={form.unit_cost} onChange={(e) => set('unit_cost', e.target.value)} />
          </label>
          <label>
            Stock
            <input name="stock" inputMode="numeric" value={form.stock} onChange={(e) => set('stock', e.target.value)} required />
          </label>
          <label>
            Low-stock alert at or under
            <input
              name="low_stock_threshold"
              inputMode="numeric"
              placeholder="shop default"
              value={form.low_stock_threshold}
              onChange={(e) => set('low_stock_threshold', e.target.value)}
            />
          </label>
        </div>
        <div className="row">
          <label>
            Category
            <select name="category_id" value={form.category_id} onChange={(e) => set('category_id', e.target.value)}>
              <option value="">None</option>
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
          <label className="switch">
            <input name="is_active" type="checkbox" checked={form.is_active} onChange={(e) => set('is_active', e.target.checked)} />
            Active (shown in the public catalogue)
          </label>
        </div>

        <fieldset>
          <legend>Gallery ({images.length}/12) — the first image is the cover</legend>
          <ol className="gallery">
            {images.map((img, i) => (
              <li key={img.image_url} data-testid="gallery-item">
                <img src={img.image_url} alt={img.alt_text} />
                <input aria-label={`Alt text for image ${i + 1}`} value={img.alt_text} onChange={(e) => setImages((xs) => xs.map((x, j) => (j === i ? { ...x, alt_text: e.target.value } : x)))} />
                <div className="buttons">
                  <button type="button" className="secondary" aria-label={`Move image ${i + 1} up`} disabled={i === 0} onClick={() => move(i, -1)}>
                    ↑
                  </button>
                  <button type="button" className="secondary" aria-label={`Move image ${i + 1} down`} disabled={i === images.length - 1} onClick={() => move(i, 1)}>
                    ↓
                  </button>
                  <button type="button" className="danger" aria-label={`Remove image ${i + 1}`} onClick={() => setImages((xs) => xs.filter((_, j) => j !== i))}>
                    Remove
                  </button>
                </div>
              </li>
            ))}
          </ol>
          <label>
            Upload images (PNG, JPEG, GIF, WebP; up to 5 MB each)
            <input type="file" name="upload" accept="image/png,image/jpeg,image/gif,image/webp" multiple disabled={upload.busy || images.length >= 12} onChange={(e) => {
              void onFiles(e.target.files);
              e.target.value = '';
            }} />
          </label>
          {upload.busy && <p className="muted">Uploading…</p>}
          <ErrorBox error={upload.error} />
        </fieldset>

        <ErrorBox error={save.error} />
        <Notice text={notice} />
        <div className="buttons">
          <button type="submit" disabled={save.busy || upload.busy}>
            {save.busy ? 'Saving…' : 'Save product'}
          </button>
          {id && (
            <button type="button" className="danger" onClick={remove}>
              Delete product
            </button>
          )}
          <button type="button" className="secondary" onClick={() => navigate('/products')}>
            Back to products
          </button>
        </div>
      </form>
    </section>
  );
}

/** A product as a role that may not change the catalogue sees it: its fields as text, no inputs. */
function ProductView(props: { form: Form; images: ProductImage[]; currency: string; category: string; costShown: boolean }) {
  const { form, images, currency } = props;
  const text = (v: string, none: string) => (v.trim() === '' ? <span className="muted">{none}</span> : v);
  return (
    <section>
      <h1>{form.name || 'Product'}</h1>
      <p className="muted">Your role may look at products but not change them.</p>
      <dl className="facts" data-testid="product-view">
        <dt>Name</dt>
        <dd>{text(form.name, '—')}</dd>
        <dt>Description</dt>
        <dd style={{ whiteSpace: 'pre-wrap' }}>{text(form.description, 'none')}</dd>
        <dt>Price</dt>
        <dd>{text(form.price && `${form.price} ${currency}`, '—')}</dd>
        {props.costShown && (
          <>
            <dt>Unit cost</dt>
            <dd>{text(form.unit_cost && `${form.unit_cost} ${currency}`, 'not set')}</dd>
          </>
        )}
        <dt>Stock</dt>
        <dd>{form.stock}</dd>
        <dt>Low-stock alert</dt>
        <dd>{text(form.low_stock_threshold && `at or under ${form.low_stock_threshold}`, 'shop default')}</dd>
        <dt>Category</dt>
        <dd>{props.category}</dd>
        <dt>Active</dt>
        <dd>{form.is_active ? 'Yes, shown in the public catalogue' : 'No, hidden from the public catalogue'}</dd>
      </dl>
      <h2>Gallery ({images.length})</h2>
      {images.length === 0 ? (
        <p className="muted">No images.</p>
      ) : (
        <ol className="gallery">
          {images.map((img) => (
            <li key={img.image_url} data-testid="gallery-item">
              <img src={img.image_url} alt={img.alt_text} />
              <span>{img.alt_text}</span>
            </li>
          ))}
        </ol>
      )}
      <div className="buttons">
        <button type="button" className="secondary" onClick={() => navigate('/products')}>
          Back to products
        </button>
      </div>
    </section>
  );
}
