import { useEffect, useRef, useState } from 'react';
import { Money, navigate, useLoad } from '@storefront/web';
import { call, client, mediaSrc, type Product } from '../api.ts';
import { addToCart, frozen, MAX_QUANTITY } from '../cart.ts';
import { useShop } from '../state.tsx';
import { ErrorNote, Notice, Screen, Spinner } from '../ui.tsx';

/** Swipeable gallery (scroll snap), dots, and a full-screen zoom on tap. */
function Gallery({ p }: { p: Product }) {
  const images = p.images.length > 0 ? p.images : p.image_url ? [{ id: 'cover', image_url: p.image_url, alt_text: p.name, sort_order: 0 }] : [];
  const strip = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const [zoom, setZoom] = useState<number | null>(null);
  const [zoomed, setZoomed] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (zoom !== null) dialog.current?.showModal();
    else dialog.current?.close();
  }, [zoom]);
  if (images.length === 0) {
    return (
      <div className="gallery empty-gallery">
        <span className="placeholder" aria-hidden="true">{p.name.slice(0, 1)}</span>
      </div>
    );
  }
  const goTo = (i: number) => strip.current?.scrollTo({ left: i * strip.current.clientWidth, behavior: 'smooth' });
  return (
    <div className="gallery">
      <div
        className="strip"
        ref={strip}
        onScroll={(e) => setIndex(Math.round(e.currentTarget.scrollLeft / Math.max(e.currentTarget.clientWidth, 1)))}
        aria-label="Product pictures"
        role="region"
      >
        {images.map((img, i) => (
          <button key={img.id} type="button" className="slide" onClick={() => setZoom(i)} aria-label={`Zoom picture ${i + 1} of ${images.length}`}>
            <img src={mediaSrc(img.image_url)} alt={img.alt_text || p.name} />
          </button>
        ))}
      </div>
      {images.length > 1 ? (
        <div className="dots">
          {images.map((img, i) => (
            <button key={img.id} type="button" aria-label={`Show picture ${i + 1}`} aria-current={i === index ? 'true' : undefined} onClick={() => goTo(i)} />
          ))}
        </div>
      ) : null}
      <dialog ref={dialog} className="zoom" aria-label="Picture" onClose={() => { setZoom(null); setZoomed(false); }}>
        {zoom !== null ? (
          <>
            <div className={zoomed ? 'zoom-body zoomed' : 'zoom-body'} tabIndex={0} role="region" aria-label="Zoomed picture">
              <img src={mediaSrc(images[zoom]!.image_url)} alt={images[zoom]!.alt_text || p.name} onClick={() => setZoomed((z) => !z)} />
            </div>
            <div className="zoom-bar">
              <button type="button" className="btn small" onClick={() => setZoomed((z) => !z)}>
                {zoomed ? 'Zoom out' : 'Zoom in'}
              </button>
              <button type="button" className="btn small" onClick={() => setZoom(null)}>
                Close
              </button>
            </div>
          </>
        ) : null}
      </dialog>
    </div>
  );
}

export function ProductPage({ id }: { id: string }) {
  const { data: p, error, loading, reload } = useLoad(() => call(client.GET('/api/v1/products/{id}', { params: { path: { id } } })), [id]);
  const { cart, updateCart } = useShop();
  const [qty, setQty] = useState(1);
  const [added, setAdded] = useState(false);
  const inCart = p ? (cart.lines.find((l) => l.product_id === p.id)?.quantity ?? 0) : 0;

  if (loading) return <Screen title="Product" back="/"><Spinner /></Screen>;
  if (error || !p) return <Screen title="Product" back="/"><ErrorNote error={error} onRetry={reload} /></Screen>;

  const out = p.stock <= 0;
  const room = Math.max(0, Math.min(p.stock, MAX_QUANTITY) - inCart);
  return (
    <Screen title={p.name} back="/" wide>
      <div className="product-layout">
        <Gallery p={p} />
        <div className="product-side">
          <section className="product-info" aria-label="Details">
            <p className="price">
              <Money minor={p.price} currency={p.currency} />
            </p>
            <p className={out ? 'stock out' : p.stock <= 5 ? 'stock low' : 'stock'}>{out ? 'Out of stock' : p.stock <= 5 ? `Only ${p.stock} left in stock` : 'In stock'}</p>
            {p.description ? <p className="description">{p.description}</p> : null}
          </section>
          <div className="buy-bar">
            <div className="stepper" role="group" aria-label="Quantity">
              <button type="button" aria-label="Fewer" disabled={out || qty <= 1} onClick={() => setQty((q) => q - 1)}>−</button>
              <output aria-live="polite" aria-label="Quantity">{qty}</output>
              <button type="button" aria-label="More" disabled={out || qty >= room} onClick={() => setQty((q) => q + 1)}>+</button>
            </div>
            <button
              type="button"
              className="btn primary grow"
              disabled={out || room < 1 || frozen(cart)}
              onClick={() => {
                updateCart((c) => addToCart(c, { product_id: p.id, name: p.name, price: p.price, currency: p.currency, image_url: p.image_url, stock: p.stock }, qty));
                setAdded(true);
                setQty(1);
              }}
            >
              {out ? 'Out of stock' : frozen(cart) ? 'Finish your checkout first' : room < 1 ? 'All in your cart' : 'Add to cart'}
            </button>
          </div>
          {added ? (
            <Notice kind="success">
              Added to your cart.{' '}
              <button type="button" className="linkish" onClick={() => navigate('/cart')}>
                View cart
              </button>
            </Notice>
          ) : null}
        </div>
      </div>
    </Screen>
  );
}
