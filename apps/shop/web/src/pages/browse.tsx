import { useState } from 'react';
import { Money, navigate, useLoad } from '@storefront/web';
import { call, client, mediaSrc, type Product } from '../api.ts';
import { ListEnd, Screen, useInfinite } from '../ui.tsx';

const PAGE = 20;

export function ProductCard({ p }: { p: Product }) {
  const out = p.stock <= 0;
  return (
    <li className="card product-card">
      <a
        href={`/products/${encodeURIComponent(p.id)}`}
        onClick={(e) => {
          e.preventDefault();
          navigate(`/products/${encodeURIComponent(p.id)}`);
        }}
      >
        <div className="thumb">
          {p.image_url ? <img src={mediaSrc(p.image_url)} alt="" loading="lazy" /> : <span className="placeholder" aria-hidden="true">{p.name.slice(0, 1)}</span>}
          {out ? <span className="tag muted">Out of stock</span> : p.stock <= 5 ? <span className="tag warn">Only {p.stock} left</span> : null}
        </div>
        <span className="name">{p.name}</span>
        <Money minor={p.price} currency={p.currency} />
      </a>
    </li>
  );
}

export function Browse({ search }: { search: URLSearchParams }) {
  const q = search.get('q') ?? '';
  const category = search.get('category') ?? '';
  const [text, setText] = useState(q);
  const categories = useLoad(() => call(client.GET('/api/v1/categories', { params: { query: { limit: 100 } } })), []);
  const list = useInfinite(
    (cursor) =>
      call(
        client.GET('/api/v1/products', {
          params: { query: { limit: PAGE, ...(cursor ? { cursor } : {}), ...(q ? { q } : {}), ...(category ? { category_id: category } : {}) } },
        }),
      ),
    [q, category],
  );
  const go = (nextQ: string, nextCategory: string) => {
    const s = new URLSearchParams();
    if (nextQ) s.set('q', nextQ);
    if (nextCategory) s.set('category', nextCategory);
    navigate(s.size ? `/?${s}` : '/');
  };
  const cats = (categories.data?.items ?? []).filter((c) => c.is_active);

  return (
    <Screen title="Shop" wide>
      <form
        role="search"
        className="search"
        onSubmit={(e) => {
          e.preventDefault();
          go(text.trim(), category);
        }}
      >
        <label htmlFor="search-q" className="sr-only">
          Search products
        </label>
        <input id="search-q" type="search" placeholder="Search products" value={text} onChange={(e) => setText(e.target.value)} enterKeyHint="search" />
        <button type="submit" className="btn primary">
          Search
        </button>
      </form>
      {cats.length > 0 ? (
        <div className="chips" role="group" aria-label="Categories">
          <button type="button" className="chip" aria-pressed={!category} onClick={() => go(q, '')}>
            All
          </button>
          {cats.map((c) => (
            <button key={c.id} type="button" className="chip" aria-pressed={category === c.id} onClick={() => go(q, c.id)}>
              {c.name}
            </button>
          ))}
        </div>
      ) : null}
      {q ? (
        <p className="muted">
          Results for “{q}”{' '}
          <button type="button" className="linkish" onClick={() => { setText(''); go('', category); }}>
            Clear
          </button>
        </p>
      ) : null}
      <ul className="grid" aria-label="Products">
        {list.items.map((p) => (
          <ProductCard key={p.id} p={p} />
        ))}
      </ul>
      <ListEnd list={list} empty={q ? 'Nothing matches your search.' : 'No products here yet.'} />
    </Screen>
  );
}
