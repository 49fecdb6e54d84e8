import { createContext, useContext } from 'react';
import type { Me } from './api.ts';
import type { CartState } from './cart.ts';

export interface ShopState {
  me: Me | null;
  signedIn: boolean;
  /** Called after a sign-in: loads the profile and goes on to `next`. */
  signedInAs(next?: string): Promise<void>;
  signOut(): Promise<void>;
  refreshMe(): Promise<void>;
  cart: CartState;
  updateCart(fn: (c: CartState) => CartState): void;
  /** The store's currency (from the catalogue or the wallet), INR until known. */
  currency: string;
}

export const Shop = createContext<ShopState>(null as unknown as ShopState);
export const useShop = (): ShopState => useContext(Shop);
