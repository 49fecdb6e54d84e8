-- Run once by the postgres image when its volume is new: the payment server's outbox and the
-- portal's sessions get databases of their own beside the API's (POSTGRES_DB).
CREATE DATABASE storefront_pay;
CREATE DATABASE storefront_admin;
