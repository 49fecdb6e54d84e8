/** Shapes from docs/contracts.md; fields it leaves open are optional and shown when present. */
export interface User {
  id: string;
  phone: string | null;
  full_name: string;
  email: string | null;
  email_verified?: boolean;
  is_admin: boolean;
  referral_code?: string | null;
  referred_by?: string | null;
  created_at: string;
  [k: string]: unknown;
}
export interface ProductImage {
  id?: string;
  image_url: string;
  alt_text: string;
  sort_order?: number;
}
export interface Product {
  id: string;
  name: string;
  description: string;
  price: number;
  currency: string;
  category_id: string | null;
  stock: number;
  is_active: boolean;
  image_url: string | null;
  images: ProductImage[];
  created_at: string;
  updated_at: string;
}
export interface Category {
  id: string;
  name: string;
  slug: string;
  sort_order: number;
  is_active: boolean;
}
export interface Gateway {
  id: string;
  code: string;
  name: string;
  is_active: boolean;
  sort_order: number;
  min_amount: number | null;
  max_amount: number | null;
}
export interface OrderItem {
  product_id: string;
  name?: string;
  unit_price: number;
  quantity: number;
  line_total: number;
}
export interface Order {
  id: string;
  user_id?: string;
  status: string;
  items?: OrderItem[];
  subtotal?: number;
  total: number;
  currency: string;
  refunded_amount?: number;
  created_at: string;
  updated_at?: string;
  [k: string]: unknown;
}
export interface Txn {
  id: string;
  type: string;
  amount: number;
  balance_after: number;
  reference: string | null;
  created_at: string;
  currency?: string;
  user_id?: string;
}
export interface Reply {
  id: string;
  author: 'user' | 'support';
  message: string;
  created_at: string;
}
export interface Ticket {
  id: string;
  subject: string;
  status: string;
  user_id?: string;
  created_at: string;
  updated_at: string;
  replies?: Reply[];
  [k: string]: unknown;
}
export interface Refund {
  id: string;
  order_id: string;
  user_id?: string;
  amount: number;
  currency?: string;
  reason?: string | null;
  created_at: string;
  [k: string]: unknown;
}
export interface WebhookLog {
  id: string;
  endpoint: string;
  gateway: string | null;
  token: string | null;
  gateway_txn_id: string | null;
  outcome: string;
  reason: string | null;
  created_at: string;
}

export const ORDER_STATUSES = ['placed', 'processing', 'shipped', 'delivered', 'cancelled', 'refunded'] as const;
export const TICKET_STATUSES = ['open', 'awaiting_user', 'resolved', 'closed'] as const;
export interface AuditEntry {
  id: string;
  admin_id: string;
  admin_name: string;
  action: string;
  entity: string;
  entity_id: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  created_at: string;
}
