/**
 * Generated from packages/client/openapi.json by `npm run generate -w packages/client`.
 * Do not edit by hand: `npm test` fails when this file no longer matches the API.
 */

export interface paths {
    "/api/v1/account/deletion/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a pending deletion request */
        post: operations["cancelDeletion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/account/deletion/eligibility": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether open orders or balances block deletion */
        get: operations["getDeletionEligibility"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/account/deletion/request": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** File the deletion of the caller's account */
        post: operations["requestDeletion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/account/deletion/send-otp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a deletion code to the caller's phone */
        post: operations["sendDeletionOtp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/account/deletion/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's deletion request */
        get: operations["getDeletionStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/account/deletion/verify-otp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Exchange the code for a deletion token */
        post: operations["verifyDeletionOtp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/account/deletion/web/request": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Web flow: file the deletion request */
        post: operations["requestWebDeletion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/account/deletion/web/send-otp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Web flow: send a deletion code to a phone */
        post: operations["sendWebDeletionOtp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/account/deletion/web/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Web flow: exchange the code for a deletion token */
        post: operations["verifyWebDeletionOtp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every admin write: who, what, before and after
         * @description Needs the staff permission `audit.read`.
         */
        get: operations["adminListAuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/categories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * All categories
         * @description Needs the staff permission `catalogue.read`.
         */
        get: operations["adminListCategories"];
        put?: never;
        /**
         * Create a category
         * @description Needs the staff permission `catalogue.write`.
         */
        post: operations["adminCreateCategory"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/categories/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Edit a category
         * @description Needs the staff permission `catalogue.write`.
         */
        put: operations["adminUpdateCategory"];
        post?: never;
        /**
         * Delete an empty category
         * @description Needs the staff permission `catalogue.write`.
         */
        delete: operations["adminDeleteCategory"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/dashboard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Headline metrics
         * @description Needs the staff permission `finance.read`.
         */
        get: operations["adminGetDashboard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/dashboard/daily": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The headline figures per UTC day, over 1 to 90 days
         * @description Needs the staff permission `finance.read`.
         */
        get: operations["adminGetDashboardDaily"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in staff member: role, permissions and two-factor state
         * @description Needs the staff permission `staff.self`.
         */
        get: operations["adminGetMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/me/mfa/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Finish enrolment with a first code and the current password; answers the ten recovery codes (shown once)
         * @description Needs the staff permission `staff.self`.
         */
        post: operations["adminConfirmMfa"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/me/mfa/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Turn off the caller's two-factor sign-in (needs a current code and the current password)
         * @description Needs the staff permission `staff.self`.
         */
        post: operations["adminDisableMfa"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/me/mfa/setup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start two-factor enrolment (needs the current password): a new TOTP secret, its otpauth URI and a QR code
         * @description Needs the staff permission `staff.self`.
         */
        post: operations["adminSetupMfa"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/me/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's own live back-office sessions, the current one marked
         * @description Needs the staff permission `staff.self`.
         */
        get: operations["adminListOwnSessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/me/sessions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Sign out one of the caller's own back-office sessions (another's id is 404)
         * @description Needs the staff permission `staff.self`.
         */
        delete: operations["adminSignOutOwnSession"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * All orders
         * @description Needs the staff permission `orders.read`.
         */
        get: operations["adminListOrders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/orders/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One order
         * @description Needs the staff permission `orders.read`.
         */
        get: operations["adminGetOrder"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/orders/{id}/notes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add an internal note to an order (a note event on its timeline)
         * @description Needs the staff permission `orders.fulfil`.
         */
        post: operations["adminAddOrderNote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/orders/{id}/refund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Refund an order (in part or whole) to the wallet
         * @description Needs the staff permission `orders.refund`.
         */
        post: operations["adminRefundOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/orders/{id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move an order's status
         * @description Needs the staff permission `orders.fulfil`.
         */
        post: operations["adminSetOrderStatus"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/orders/bulk-status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move up to 100 orders to one status; each order moved or refused on its own (Idempotency-Key required)
         * @description Needs the staff permission `orders.fulfil`.
         */
        post: operations["adminBulkOrderStatus"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/orders/export.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * All orders the filters match, as CSV
         * @description Needs the staff permission `finance.read`.
         */
        get: operations["adminExportOrders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/orders/lines/export.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every line of the orders the filters match, one row per line, as CSV
         * @description Needs the staff permission `finance.read`.
         */
        get: operations["adminExportOrderLines"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/payment-gateways": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * All payment gateways
         * @description Needs the staff permission `finance.read`.
         */
        get: operations["adminListPaymentGateways"];
        put?: never;
        /**
         * Create a payment gateway
         * @description Needs the staff permission `gateways.write`.
         */
        post: operations["adminCreatePaymentGateway"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/payment-gateways/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Edit a payment gateway
         * @description Needs the staff permission `gateways.write`.
         */
        put: operations["adminUpdatePaymentGateway"];
        post?: never;
        /**
         * Delete a payment gateway
         * @description Needs the staff permission `gateways.write`.
         */
        delete: operations["adminDeletePaymentGateway"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/payments-to-return": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Second payments for completed top-ups: taken by a gateway, not credited, to be returned
         * @description Needs the staff permission `finance.read`.
         */
        get: operations["adminListPaymentsToReturn"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * All products, inactive included
         * @description Needs the staff permission `catalogue.read`.
         */
        get: operations["adminListProducts"];
        put?: never;
        /**
         * Create a product
         * @description Needs the staff permission `catalogue.write`.
         */
        post: operations["adminCreateProduct"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/products/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One product
         * @description Needs the staff permission `catalogue.read`.
         */
        get: operations["adminGetProduct"];
        /**
         * Edit a product
         * @description Needs the staff permission `catalogue.write`.
         */
        put: operations["adminUpdateProduct"];
        post?: never;
        /**
         * Delete a product
         * @description Needs the staff permission `catalogue.write`.
         */
        delete: operations["adminDeleteProduct"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/products/{id}/cost": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A product's unit cost
         * @description Needs the staff permission `catalogue.read`.
         */
        get: operations["adminGetProductCost"];
        /**
         * Set a product's unit cost
         * @description Needs the staff permission `catalogue.write`.
         */
        put: operations["adminSetProductCost"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/reconciliation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Payments and orders reconciliation
         * @description Needs the staff permission `finance.read`.
         */
        get: operations["adminGetReconciliation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/reconciliation/export.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The reconciliation report, as CSV
         * @description Needs the staff permission `finance.read`.
         */
        get: operations["adminExportReconciliation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/refunds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * All refunds
         * @description Needs the staff permission `finance.read`.
         */
        get: operations["adminListRefunds"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/refunds/export.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * All refunds the filters match, as CSV
         * @description Needs the staff permission `finance.read`.
         */
        get: operations["adminExportRefunds"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/staff": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Staff accounts: role, state and two-factor sign-in
         * @description Needs the staff permission `staff.manage`.
         */
        get: operations["adminListStaff"];
        put?: never;
        /**
         * Invite a staff member by phone (an SMS code, valid 48 hours)
         * @description Needs the staff permission `staff.manage`.
         */
        post: operations["adminInviteStaff"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/staff/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change a staff member's role, or disable or enable them
         * @description Needs the staff permission `staff.manage`.
         */
        patch: operations["adminUpdateStaff"];
        trace?: never;
    };
    "/api/v1/admin/staff/{id}/invite": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send an open staff invite again: a fresh SMS code and 48 hours; the old code stops working
         * @description Needs the staff permission `staff.manage`.
         */
        post: operations["adminResendStaffInvite"];
        /**
         * Revoke a staff member's open invite (its code stops working)
         * @description Needs the staff permission `staff.manage`.
         */
        delete: operations["adminRevokeStaffInvite"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/staff/{id}/mfa": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Reset a staff member's two-factor sign-in (ends their sessions)
         * @description Needs the staff permission `staff.manage`.
         */
        delete: operations["adminResetStaffMfa"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/staff/{id}/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reset a staff member's sign-in: password, two-factor and sessions end; a fresh invite code (SMS) sets a new password
         * @description Needs the staff permission `staff.manage`.
         */
        post: operations["adminResetStaffSignIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/tickets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * All tickets
         * @description Needs the staff permission `support.read`.
         */
        get: operations["adminListTickets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/tickets/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One ticket with its replies
         * @description Needs the staff permission `support.read`.
         */
        get: operations["adminGetTicket"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/tickets/{id}/reply": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reply as support
         * @description Needs the staff permission `support.reply`.
         */
        post: operations["adminReplyToTicket"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/tickets/{id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Move a ticket's status
         * @description Needs the staff permission `support.reply`.
         */
        put: operations["adminSetTicketStatus"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * All wallet transactions, filtered by user, type and date
         * @description Needs the staff permission `finance.read`.
         */
        get: operations["adminListTransactions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/transactions/export.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * All wallet transactions the filters match, as CSV
         * @description Needs the staff permission `finance.read`.
         */
        get: operations["adminExportTransactions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/uploads/image": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload an image (PNG, JPEG, GIF or WebP, at most 5 MB)
         * @description Needs the staff permission `catalogue.write`.
         */
        post: operations["adminUploadImage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search users by phone, name or email
         * @description Needs the staff permission `users.read`.
         */
        get: operations["adminListUsers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/users/{uid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One user with referral attribution
         * @description Needs the staff permission `users.read`.
         */
        get: operations["adminGetUser"];
        /**
         * Edit a user (is_admin also needs staff.manage)
         * @description Needs the staff permission `users.write`.
         */
        put: operations["adminUpdateUser"];
        post?: never;
        /**
         * Anonymise a user now
         * @description Needs the staff permission `users.delete`.
         */
        delete: operations["adminDeleteUser"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/users/{uid}/adjustments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Debit a user's shopping credits, or give back an earlier debit (with a reason; honours Idempotency-Key)
         * @description Needs the staff permission `wallet.adjust`.
         */
        post: operations["adminAdjustWallet"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/users/{uid}/ledger": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A user's wallet and transactions
         * @description Needs the staff permission `users.read`.
         */
        get: operations["adminGetUserLedger"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/users/{uid}/notes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add an internal note to a user
         * @description Needs the staff permission `users.write`.
         */
        post: operations["adminAddUserNote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/users/{uid}/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A user's orders
         * @description Needs the staff permission `orders.read`.
         */
        get: operations["adminListUserOrders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/users/{uid}/tickets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A user's tickets
         * @description Needs the staff permission `support.read`.
         */
        get: operations["adminListUserTickets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/webhook/logs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Payment-webhook log
         * @description Needs the staff permission `finance.read`.
         */
        get: operations["adminListWebhookLogs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/app/version": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Mobile app version gate */
        get: operations["getAppVersion"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/admin/accept-invite": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Accept a staff invite with the SMS code and set the password */
        post: operations["adminAcceptInvite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/admin/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in to the back office (admin role); an account with two-factor sign-in gets an mfa_token instead */
        post: operations["adminLogin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/admin/login/mfa": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Second step of the back-office sign-in: the mfa_token and a TOTP or recovery code */
        post: operations["adminLoginMfa"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in with phone and password */
        post: operations["login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End all of the caller's sessions */
        post: operations["logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/otp/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a one-time password by SMS */
        post: operations["sendOtp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/otp/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in (or sign up) with an SMS one-time password */
        post: operations["verifyOtp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Exchange a refresh token for a new token pair */
        post: operations["refreshToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Register with phone and password */
        post: operations["register"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/reset-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set a new password, proven by an SMS code (never for a staff account) */
        post: operations["resetPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/categories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Active categories */
        get: operations["listCategories"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's profile */
        get: operations["getMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Update the caller's profile */
        patch: operations["updateMe"];
        trace?: never;
    };
    "/api/v1/me/email/send-otp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send an email verification code */
        post: operations["sendEmailOtp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me/email/verify-otp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Verify the caller's email with the code */
        post: operations["verifyEmailOtp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's orders, newest first */
        get: operations["listOrders"];
        put?: never;
        /** Place an order paid from the wallet (honours Idempotency-Key) */
        post: operations["placeOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One of the caller’s orders */
        get: operations["getOrder"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel an order and refund the wallet */
        post: operations["cancelOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/quote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Price a cart from the catalogue */
        post: operations["quoteOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/payment-gateways": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Active payment gateways a client may offer */
        get: operations["listPaymentGateways"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Active products */
        get: operations["listProducts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/products/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One active product */
        get: operations["getProduct"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/referrals/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The code last clicked from the caller's IP */
        get: operations["checkReferral"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/referrals/my-code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's share code and link */
        get: operations["getMyReferralCode"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tickets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's tickets */
        get: operations["listTickets"];
        put?: never;
        /** Open a support ticket */
        post: operations["createTicket"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tickets/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One of the caller’s tickets with its replies */
        get: operations["getTicket"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tickets/{id}/reply": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Reply to one of the caller’s tickets */
        post: operations["replyToTicket"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/wallet": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's balances */
        get: operations["getWallet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/wallet/daily-spin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Spin once per UTC day for shopping credits */
        post: operations["dailySpin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/wallet/settle-pending": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Compatibility no-op: settles nothing */
        post: operations["settlePending"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/wallet/topup-attach": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Name the gateway B order paying a token (payment server, signed) */
        post: operations["attachTopup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/wallet/topup-credit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Credit a gateway-confirmed top-up (payment server, signed) */
        post: operations["creditTopup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/wallet/topup-decline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Report that the gateway declined a payment for a token (payment server, signed) */
        post: operations["declineTopup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/wallet/topup-initiate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start a top-up on the hosted payment page (the amount must suit an active gateway) */
        post: operations["initiateTopup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/wallet/topup-lookup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** What a top-up token pays for (payment server, signed) */
        post: operations["lookupTopup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/wallet/topup-status/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Poll a top-up (may verify with gateway B and credit) */
        get: operations["getTopupStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/wallet/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's wallet transactions, newest first */
        get: operations["listWalletTransactions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Health of the API and its database */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/media/{key}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Image bytes (immutable, content-addressed) */
        get: operations["getMedia"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/r/{code}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Public share link: logs a click and redirects to the app store */
        get: operations["followReferralLink"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Ready for traffic: the database answers and is migrated */
        get: operations["getReady"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description Every non-2xx answer: a stable `error` code (listed per answer), a human `message`, `details` on 400 validation_failed, and `code` with `retry_after` (seconds, also the Retry-After header) on 429. Before any route, the HTTP server itself may answer 400 validation_failed (a request it cannot parse or an HTTP/1.1 request without Host), 408 request_timeout, 417 expectation_failed (an Expect other than 100-continue), 431 headers_too_large (request line and headers over 16 KB) and, while shutting down, 503 service_unavailable; all in this shape. */
        Error: {
            code?: string;
            details?: unknown;
            error: string;
            message?: string;
            retry_after?: number;
        } & {
            [key: string]: unknown;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    cancelDeletion: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        requested_at?: string;
                        scheduled_for?: string;
                        status: "none" | "pending" | "cancelled" | "completed";
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Conflict: conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "conflict";
                    };
                };
            };
            /** @description Payload Too Large: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported Media Type: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    getDeletionEligibility: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        blockers: ("open_orders" | "wallet_balance")[];
                        eligible: boolean;
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    requestDeletion: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    deletion_token: string;
                    reason?: string | null;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        requested_at?: string;
                        scheduled_for?: string;
                        status: "none" | "pending" | "cancelled" | "completed";
                    };
                };
            };
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        requested_at?: string;
                        scheduled_for?: string;
                        status: "none" | "pending" | "cancelled" | "completed";
                    };
                };
            };
            /** @description Bad Request: validation_failed, invalid_deletion_token */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "invalid_deletion_token";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Forbidden: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "forbidden";
                    };
                };
            };
            /** @description Conflict: deletion_blocked, last_owner, conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "deletion_blocked" | "last_owner" | "conflict";
                    };
                };
            };
            /** @description Payload Too Large: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported Media Type: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    sendDeletionOtp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description seconds the code stays valid */
                        expires_in: number;
                        /** @description seconds before another code may be asked for */
                        resend_in: number;
                        /** @enum {boolean} */
                        sent: true;
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Forbidden: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "forbidden";
                    };
                };
            };
            /** @description Not Found: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Conflict: conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "conflict";
                    };
                };
            };
            /** @description Payload Too Large: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported Media Type: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Too Many Requests: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "OTP_RATE_LIMITED";
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
            /** @description Bad Gateway: otp_send_failed */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "otp_send_failed";
                    };
                };
            };
            /** @description Service Unavailable: otp_send_failed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "otp_send_failed";
                    };
                };
            };
        };
    };
    getDeletionStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        requested_at?: string;
                        scheduled_for?: string;
                        status: "none" | "pending" | "cancelled" | "completed";
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    verifyDeletionOtp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the 6-digit code */
                    otp: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deletion_token: string;
                        /** @description seconds the token stays usable */
                        expires_in: number;
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized, invalid_otp */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized" | "invalid_otp";
                    };
                };
            };
            /** @description Forbidden: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "forbidden";
                    };
                };
            };
            /** @description Not Found: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Conflict: conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "conflict";
                    };
                };
            };
            /** @description Payload Too Large: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported Media Type: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    requestWebDeletion: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    deletion_token: string;
                    reason?: string | null;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        requested_at?: string;
                        scheduled_for?: string;
                        status: "none" | "pending" | "cancelled" | "completed";
                    };
                };
            };
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        requested_at?: string;
                        scheduled_for?: string;
                        status: "none" | "pending" | "cancelled" | "completed";
                    };
                };
            };
            /** @description Bad Request: validation_failed, invalid_deletion_token */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "invalid_deletion_token";
                    };
                };
            };
            /** @description Conflict: deletion_blocked, last_owner, conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "deletion_blocked" | "last_owner" | "conflict";
                    };
                };
            };
            /** @description Payload Too Large: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported Media Type: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    sendWebDeletionOtp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description E.164, or national with DEFAULT_COUNTRY_CODE */
                    phone: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description seconds the code stays valid */
                        expires_in: number;
                        /** @description seconds before another code may be asked for */
                        resend_in: number;
                        /** @enum {boolean} */
                        sent: true;
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Payload Too Large: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported Media Type: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Too Many Requests: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "OTP_RATE_LIMITED";
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    verifyWebDeletionOtp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the 6-digit code */
                    otp: string;
                    /** @description E.164, or national with DEFAULT_COUNTRY_CODE */
                    phone: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deletion_token: string;
                        /** @description seconds the token stays usable */
                        expires_in: number;
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: invalid_otp */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_otp";
                    };
                };
            };
            /** @description Payload Too Large: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported Media Type: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    adminListAuditLog: {
        parameters: {
            query?: {
                admin_id?: string;
                cursor?: string;
                entity?: string;
                entity_id?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            /** @description `<entity>.<verb>`, e.g. `product.update` */
                            action: string;
                            /** @description the user named by user_id: null name and phone for a deleted user */
                            admin: {
                                full_name: string | null;
                                id: string;
                                phone: string | null;
                            };
                            admin_id: string;
                            /** @description the admin's name now (an anonymised admin shows as such) */
                            admin_name: string;
                            /** @description the entity as the admin API showed it */
                            after: {
                                [key: string]: unknown;
                            } | null;
                            /** @description the entity as the admin API showed it */
                            before: {
                                [key: string]: unknown;
                            } | null;
                            created_at: string;
                            entity: string;
                            entity_id: string;
                            /** @description what the record is called: a product, category or gateway name (its last one once deleted), a ticket subject, `Order <last 8 of its id, upper case> · <customer>`, or a user name; the name and phone of a staff member (`<name> · <phone>`, either alone when the other is empty); `Deleted user` for an anonymised user; null when nothing names it */
                            entity_name: string | null;
                            id: string;
                        }[];
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Forbidden: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "forbidden";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    adminListCategories: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: string;
                            is_active: boolean;
                            name: string;
                            slug: string;
                            sort_order: number;
                        }[];
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Forbidden: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "forbidden";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    adminCreateCategory: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    is_active?: boolean;
                    name: string;
                    slug?: string;
                    sort_order?: number;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        is_active: boolean;
                        name: string;
                        slug: string;
                        sort_order: number;
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Forbidden: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "forbidden";
                    };
                };
            };
            /** @description Conflict: conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "conflict";
                    };
                };
            };
            /** @description Payload Too Large: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported Media Type: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    adminUpdateCategory: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    is_active?: boolean;
                    name?: string;
                    slug?: string;
                    sort_order?: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        is_active: boolean;
                        name: string;
                        slug: string;
                        sort_order: number;
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Forbidden: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "forbidden";
                    };
                };
            };
            /** @description Not Found: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Conflict: conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "conflict";
                    };
                };
            };
            /** @description Payload Too Large: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported Media Type: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    adminDeleteCategory: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Forbidden: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "forbidden";
                    };
                };
            };
            /** @description Not Found: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Conflict: conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "conflict";
                    };
                };
            };
            /** @description Payload Too Large: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported Media Type: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    adminGetDashboard: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        as_of: string;
                        currency: string;
                        current: {
                            e_vouchers_outstanding: number;
                            open_tickets: number;
                            /** @description orders paid and not shipped yet: placed or processing */
                            orders_to_fulfil: number;
                            pending_deletion_requests: number;
                            reward_points_outstanding: number;
                            users: number;
                            /** @description sum of every shopping-credits balance, minor units */
                            wallet_liability: number;
                        };
                        stock: {
                            /** @description active products at or under their low-stock threshold, out of stock included */
                            low: number;
                            /** @description active products at 0 */
                            out: number;
                        };
                        windows: {
                            "7d": {
                                deletion_requests: number;
                                new_users: number;
                                orders: number;
                                refunds: number;
                                /** @description order payments minus order refunds, minor units */
                                revenue: number;
                                tickets_opened: number;
                                topup_amount: number;
                                topups: number;
                            };
                            "30d": {
                                deletion_requests: number;
                                new_users: number;
                                orders: number;
                                refunds: number;
                                /** @description order payments minus order refunds, minor units */
                                revenue: number;
                                tickets_opened: number;
                                topup_amount: number;
                                topups: number;
                            };
                            today: {
                                deletion_requests: number;
                                new_users: number;
                                orders: number;
                                refunds: number;
                                /** @description order payments minus order refunds, minor units */
                                revenue: number;
                                tickets_opened: number;
                                topup_amount: number;
                                topups: number;
                            };
                        };
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Forbidden: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "forbidden";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    adminGetDashboardDaily: {
        parameters: {
            query?: {
                /** @description UTC days, today included */
                days?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        as_of: string;
                        currency: string;
                        days: {
                            /** @description YYYY-MM-DD (UTC); the last one is today so far */
                            day: string;
                            new_users: number;
                            orders: number;
                            refunds: number;
                            /** @description order payments minus order refunds, minor units */
                            revenue: number;
                            topup_amount: number;
                            topups: number;
                        }[];
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Forbidden: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "forbidden";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    adminGetMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        full_name: string;
                        id: string;
                        mfa: {
                            enabled: boolean;
                            recovery_codes_left: number;
                            /** @description ADMIN_REQUIRE_MFA: a session without a proven second factor may only enrol */
                            required: boolean;
                            /** @description this session proved a second factor */
                            session_verified: boolean;
                        };
                        permissions: ("catalogue.read" | "catalogue.write" | "orders.read" | "orders.fulfil" | "orders.refund" | "wallet.adjust" | "users.read" | "users.write" | "users.delete" | "support.read" | "support.reply" | "finance.read" | "gateways.write" | "audit.read" | "staff.manage" | "staff.self")[];
                        phone: string | null;
                        role: ("owner" | "finance" | "fulfilment" | "support" | "read_only") | null;
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Forbidden: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "forbidden";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    adminConfirmMfa: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description a 6-digit TOTP code, or a recovery code */
                    code: string;
                    /** @description the caller's current password */
                    current_password: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description ten single-use codes, shown this once */
                        recovery_codes: string[];
                    };
                };
            };
            /** @description Bad Request: validation_failed, invalid_mfa_code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "invalid_mfa_code";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Forbidden: forbidden, invalid_credentials */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "forbidden" | "invalid_credentials";
                    };
                };
            };
            /** @description Conflict: mfa_already_enabled, mfa_not_enabled */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "mfa_already_enabled" | "mfa_not_enabled";
                    };
                };
            };
            /** @description Payload Too Large: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported Media Type: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Too Many Requests: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "LOGIN_RATE_LIMITED";
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    adminDisableMfa: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description a 6-digit TOTP code, or a recovery code */
                    code: string;
                    /** @description the caller's current password */
                    current_password: string;
                };
            };
        };
        responses: {
            /** @description done */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad Request: validation_failed, invalid_mfa_code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "invalid_mfa_code";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Forbidden: forbidden, invalid_credentials */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "forbidden" | "invalid_credentials";
                    };
                };
            };
            /** @description Conflict: mfa_not_enabled */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "mfa_not_enabled";
                    };
                };
            };
            /** @description Payload Too Large: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported Media Type: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Too Many Requests: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "LOGIN_RATE_LIMITED";
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    adminSetupMfa: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the caller's current password */
                    current_password: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        digits: number;
                        otpauth_uri: string;
                        period: number;
                        /** @description the otpauth URI as a QR code: an SVG data URL */
                        qr_svg: string;
                        /** @description base32, for typing into an authenticator app */
                        secret: string;
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Forbidden: forbidden, invalid_credentials */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "forbidden" | "invalid_credentials";
                    };
                };
            };
            /** @description Conflict: mfa_already_enabled */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "mfa_already_enabled";
                    };
                };
            };
            /** @description Payload Too Large: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported Media Type: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Too Many Requests: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "LOGIN_RATE_LIMITED";
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    adminListOwnSessions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            /** @description when the staff member signed in */
                            created_at: string;
                            /** @description the session making this request */
                            current: boolean;
                            id: string;
                            /** @description when the session last got tokens (its sign-in or its latest refresh) */
                            last_refreshed_at: string;
                            /** @description the session proved a second factor */
                            mfa_verified: boolean;
                        }[];
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Forbidden: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "forbidden";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    adminSignOutOwnSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description done */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Forbidden: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "forbidden";
                    };
                };
            };
            /** @description Not Found: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Payload Too Large: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported Media Type: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    adminListOrders: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
                /** @description a UTC date (YYYY-MM-DD) or an ISO-8601 date-time with a zone */
                placed_from?: string;
                /** @description a UTC date (YYYY-MM-DD) or an ISO-8601 date-time with a zone */
                placed_to?: string;
                /** @description an order id or its first 8+ characters, the customer's phone (any accepted format) or a fragment of the customer's name (3+ characters) */
                q?: string;
                status?: "placed" | "processing" | "shipped" | "delivered" | "cancelled" | "refunded";
                /** @description minor units */
                total_max?: number;
                /** @description minor units */
                total_min?: number;
                user_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            created_at: string;
                            currency: string;
                            id: string;
                            items: {
                                line_total: number;
                                name: string;
                                product_id: string;
                                quantity: number;
                                unit_price: number;
                            }[];
                            refunded_amount: number;
                            status: "placed" | "processing" | "shipped" | "delivered" | "cancelled" | "refunded";
                            subtotal: number;
                            total: number;
                            updated_at: string;
                            /** @description the user named by user_id: null name and phone for a deleted user */
                            user: {
                                full_name: string | null;
                                id: string;
                                phone: string | null;
                            };
                            user_id: string;
                        }[];
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Forbidden: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "forbidden";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    adminGetOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        currency: string;
                        events: {
                            actor: {
                                id: string | null;
                                kind: "user" | "admin" | "system";
                                name: string | null;
                            };
                            created_at: string;
                            data: {
                                amount?: number;
                                carrier?: string;
                                reason?: string | null;
                                refund_id?: string;
                                tracking_number?: string;
                                tracking_url?: string;
                            } | null;
                            from_status: ("placed" | "processing" | "shipped" | "delivered" | "cancelled" | "refunded") | null;
                            id: string;
                            note: string | null;
                            order_id: string;
                            to_status: ("placed" | "processing" | "shipped" | "delivered" | "cancelled" | "refunded") | null;
                            /** @description placed; status_changed; cancelled (by the shopper or an admin); refund (each one); note (admin, internal) */
                            type: "placed" | "status_changed" | "cancelled" | "refund" | "note";
                        }[];
                        id: string;
                        items: {
                            line_total: number;
                            name: string;
                            product_id: string;
                            quantity: number;
                            unit_price: number;
                        }[];
                        refunded_amount: number;
                        status: "placed" | "processing" | "shipped" | "delivered" | "cancelled" | "refunded";
                        subtotal: number;
                        total: number;
                        updated_at: string;
                        /** @description the user named by user_id: null name and phone for a deleted user */
                        user: {
                            full_name: string | null;
                            id: string;
                            phone: string | null;
                        };
                        user_id: string;
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Forbidden: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "forbidden";
                    };
                };
            };
            /** @description Not Found: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    adminAddOrderNote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    note: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        actor: {
                            id: string | null;
                            kind: "user" | "admin" | "system";
                            name: string | null;
                        };
                        created_at: string;
                        data: {
                            amount?: number;
                            carrier?: string;
                            reason?: string | null;
                            refund_id?: string;
                            tracking_number?: string;
                            tracking_url?: string;
                        } | null;
                        from_status: ("placed" | "processing" | "shipped" | "delivered" | "cancelled" | "refunded") | null;
                        id: string;
                        note: string | null;
                        order_id: string;
                        to_status: ("placed" | "processing" | "shipped" | "delivered" | "cancelled" | "refunded") | null;
                        /** @description placed; status_changed; cancelled (by the shopper or an admin); refund (each one); note (admin, internal) */
                        type: "placed" | "status_changed" | "cancelled" | "refund" | "note";
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Forbidden: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "forbidden";
                    };
                };
            };
            /** @description Not Found: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Payload Too Large: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported Media Type: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    adminRefundOrder: {
        parameters: {
            query?: never;
            header?: {
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    amount?: number;
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the admin who refunded; null for the shopper's own cancel */
                        admin: {
                            full_name: string | null;
                            id: string;
                            phone: string | null;
                        } | null;
                        admin_id: string | null;
                        amount: number;
                        created_at: string;
                        currency: string;
                        id: string;
                        order: {
                            created_at: string;
                            currency: string;
                            events: {
                                actor: {
                                    id: string | null;
                                    kind: "user" | "admin" | "system";
                                    name: string | null;
                                };
                                created_at: string;
                                data: {
                                    amount?: number;
                                    carrier?: string;
                                    reason?: string | null;
                                    refund_id?: string;
                                    tracking_number?: string;
                                    tracking_url?: string;
                                } | null;
                                from_status: ("placed" | "processing" | "shipped" | "delivered" | "cancelled" | "refunded") | null;
                                id: string;
                                note: string | null;
                                order_id: string;
                                to_status: ("placed" | "processing" | "shipped" | "delivered" | "cancelled" | "refunded") | null;
                                /** @description placed; status_changed; cancelled (by the shopper or an admin); refund (each one); note (admin, internal) */
                                type: "placed" | "status_changed" | "cancelled" | "refund" | "note";
                            }[];
                            id: string;
                            items: {
                                line_total: number;
                                name: string;
                                product_id: string;
                                quantity: number;
                                unit_price: number;
                            }[];
                            refunded_amount: number;
                            status: "placed" | "processing" | "shipped" | "delivered" | "cancelled" | "refunded";
                            subtotal: number;
                            total: number;
                            updated_at: string;
                            /** @description the user named by user_id: null name and phone for a deleted user */
                            user: {
                                full_name: string | null;
                                id: string;
                                phone: string | null;
                            };
                            user_id: string;
                        };
                        order_id: string;
                        reason: string | null;
                        /** @description the user named by user_id: null name and phone for a deleted user */
                        user: {
                            full_name: string | null;
                            id: string;
                            phone: string | null;
                        };
                        user_id: string;
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Forbidden: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "forbidden";
                    };
                };
            };
            /** @description Not Found: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Conflict: refund_exceeds_paid, invalid_transition, idempotency_conflict, conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "refund_exceeds_paid" | "invalid_transition" | "idempotency_conflict" | "conflict";
                    };
                };
            };
            /** @description Payload Too Large: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported Media Type: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    adminSetOrderStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description only with status shipped; shown to the shopper */
                    carrier?: string;
                    /** @description internal note on the status_changed event (never shown to the shopper) */
                    note?: string;
                    status: "placed" | "processing" | "shipped" | "delivered" | "cancelled" | "refunded";
                    /** @description only with status shipped; shown to the shopper */
                    tracking_number?: string;
                    /** @description http or https; only with status shipped; shown to the shopper */
                    tracking_url?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        currency: string;
                        events: {
                            actor: {
                                id: string | null;
                                kind: "user" | "admin" | "system";
                                name: string | null;
                            };
                            created_at: string;
                            data: {
                                amount?: number;
                                carrier?: string;
                                reason?: string | null;
                                refund_id?: string;
                                tracking_number?: string;
                                tracking_url?: string;
                            } | null;
                            from_status: ("placed" | "processing" | "shipped" | "delivered" | "cancelled" | "refunded") | null;
                            id: string;
                            note: string | null;
                            order_id: string;
                            to_status: ("placed" | "processing" | "shipped" | "delivered" | "cancelled" | "refunded") | null;
                            /** @description placed; status_changed; cancelled (by the shopper or an admin); refund (each one); note (admin, internal) */
                            type: "placed" | "status_changed" | "cancelled" | "refund" | "note";
                        }[];
                        id: string;
                        items: {
                            line_total: number;
                            name: string;
                            product_id: string;
                            quantity: number;
                            unit_price: number;
                        }[];
                        refunded_amount: number;
                        status: "placed" | "processing" | "shipped" | "delivered" | "cancelled" | "refunded";
                        subtotal: number;
                        total: number;
                        updated_at: string;
                        /** @description the user named by user_id: null name and phone for a deleted user */
                        user: {
                            full_name: string | null;
                            id: string;
                            phone: string | null;
                        };
                        user_id: string;
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Forbidden: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "forbidden";
                    };
                };
            };
            /** @description Not Found: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Conflict: invalid_transition, conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_transition" | "conflict";
                    };
                };
            };
            /** @description Payload Too Large: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported Media Type: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    adminBulkOrderStatus: {
        parameters: {
            query?: never;
            header: {
                "idempotency-key": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    note?: string;
                    order_ids: string[];
                    status: "placed" | "processing" | "shipped" | "delivered" | "cancelled" | "refunded";
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        moved: number;
                        refused: number;
                        results: {
                            order_id: string;
                            outcome: "moved" | "refused";
                            refusal?: {
                                error: string;
                                from?: string;
                                message: string;
                                status: number;
                                to?: string;
                            };
                            status?: "placed" | "processing" | "shipped" | "delivered" | "cancelled" | "refunded";
                        }[];
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Forbidden: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "forbidden";
                    };
                };
            };
            /** @description Conflict: idempotency_conflict, conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "idempotency_conflict" | "conflict";
                    };
                };
            };
            /** @description Payload Too Large: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported Media Type: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    adminExportOrders: {
        parameters: {
            query?: {
                /** @description a UTC date (YYYY-MM-DD) or an ISO-8601 date-time with a zone */
                placed_from?: string;
                /** @description a UTC date (YYYY-MM-DD) or an ISO-8601 date-time with a zone */
                placed_to?: string;
                /** @description an order id or its first 8+ characters, the customer's phone (any accepted format) or a fragment of the customer's name (3+ characters) */
                q?: string;
                status?: "placed" | "processing" | "shipped" | "delivered" | "cancelled" | "refunded";
                /** @description minor units */
                total_max?: number;
                /** @description minor units */
                total_min?: number;
                user_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description CSV: id, order_number, local_date, utc_time, created_at, updated_at, user_id, customer_name, customer_phone, status, subtotal, total, refunded_amount, currency */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Forbidden: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": {
                        /** @enum {string} */
                        error?: "forbidden";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    adminExportOrderLines: {
        parameters: {
            query?: {
                /** @description a UTC date (YYYY-MM-DD) or an ISO-8601 date-time with a zone */
                placed_from?: string;
                /** @description a UTC date (YYYY-MM-DD) or an ISO-8601 date-time with a zone */
                placed_to?: string;
                /** @description an order id or its first 8+ characters, the customer's phone (any accepted format) or a fragment of the customer's name (3+ characters) */
                q?: string;
                status?: "placed" | "processing" | "shipped" | "delivered" | "cancelled" | "refunded";
                /** @description minor units */
                total_max?: number;
                /** @description minor units */
                total_min?: number;
                user_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description CSV: order_id, order_number, local_date, utc_time, status, user_id, customer_name, customer_phone, product_id, product, quantity, unit_price, line_total, currency */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Forbidden: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": {
                        /** @enum {string} */
                        error?: "forbidden";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    adminListPaymentGateways: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            code: string;
                            id: string;
                            is_active: boolean;
                            max_amount: number | null;
                            min_amount: number | null;
                            name: string;
                            sort_order: number;
                        }[];
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Forbidden: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "forbidden";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    adminCreatePaymentGateway: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code: string;
                    is_active?: boolean;
                    max_amount?: number | null;
                    min_amount?: number | null;
                    name: string;
                    sort_order?: number;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        id: string;
                        is_active: boolean;
                        max_amount: number | null;
                        min_amount: number | null;
                        name: string;
                        sort_order: number;
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Forbidden: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "forbidden";
                    };
                };
            };
            /** @description Conflict: conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "conflict";
                    };
                };
            };
            /** @description Payload Too Large: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported Media Type: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    adminUpdatePaymentGateway: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code?: string;
                    is_active?: boolean;
                    max_amount?: number | null;
                    min_amount?: number | null;
                    name?: string;
                    sort_order?: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        id: string;
                        is_active: boolean;
                        max_amount: number | null;
                        min_amount: number | null;
                        name: string;
                        sort_order: number;
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Forbidden: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "forbidden";
                    };
                };
            };
            /** @description Not Found: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Conflict: conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "conflict";
                    };
                };
            };
            /** @description Payload Too Large: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported Media Type: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    adminDeletePaymentGateway: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Forbidden: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "forbidden";
                    };
                };
            };
            /** @description Not Found: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Payload Too Large: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported Media Type: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    adminListPaymentsToReturn: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            /** @description what the second payment paid: the top-up amount (integer minor units) */
                            amount: number;
                            /** @description the payment that completed the top-up (credited) */
                            completed_by: {
                                gateway: string;
                                gateway_txn_id: string;
                            };
                            created_at: string;
                            currency: string;
                            /** @description where it was told: topup-credit (payment server) or topup-status (gateway B poll) */
                            endpoint: string;
                            /** @description the gateway that took the second payment */
                            gateway: string;
                            /** @description the second payment's transaction id at that gateway: what to refund */
                            gateway_txn_id: string;
                            /** @description the webhook-log row that first recorded this payment */
                            id: string;
                            topup_id: string;
                            /** @description null fields for a deleted user */
                            user: {
                                full_name: string | null;
                                id: string;
                                phone: string | null;
                            };
                            user_id: string;
                        }[];
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Forbidden: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "forbidden";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    adminListProducts: {
        parameters: {
            query?: {
                category_id?: string;
                cursor?: string;
                is_active?: boolean;
                limit?: number;
                q?: string;
                /** @description newest first (default) or fewest in stock first */
                sort?: "newest" | "stock";
                /** @description low: at or under the threshold (out of stock included); out: 0 */
                stock_level?: "low" | "out";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            category_id: string | null;
                            created_at: string;
                            currency: string;
                            description: string;
                            id: string;
                            /** @description always images[0].image_url when a gallery exists */
                            image_url: string | null;
                            images: {
                                alt_text: string;
                                id: string;
                                image_url: string;
                                sort_order: number;
                            }[];
                            is_active: boolean;
                            /** @description this product's own threshold; null: the LOW_STOCK_THRESHOLD setting */
                            low_stock_threshold: number | null;
                            name: string;
                            /** @description minor units of currency */
                            price: number;
                            stock: number;
                            /** @description out_of_stock at 0; low at or under the threshold in force */
                            stock_level: "in_stock" | "low" | "out_of_stock";
                            updated_at: string;
                        }[];
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Forbidden: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "forbidden";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    adminCreateProduct: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    category_id?: string | null;
                    description?: string;
                    image_url?: string | null;
                    images?: {
                        alt_text?: string | null;
                        image_url: string;
                    }[];
                    is_active?: boolean;
                    low_stock_threshold?: number | null;
                    name: string;
                    price: number;
                    stock?: number;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        category_id: string | null;
                        created_at: string;
                        currency: string;
                        description: string;
                        id: string;
                        /** @description always images[0].image_url when a gallery exists */
                        image_url: string | null;
                        images: {
                            alt_text: string;
                            id: string;
                            image_url: string;
                            sort_order: number;
                        }[];
                        is_active: boolean;
                        /** @description this product's own threshold; null: the LOW_STOCK_THRESHOLD setting */
                        low_stock_threshold: number | null;
                        name: string;
                        /** @description minor units of currency */
                        price: number;
                        stock: number;
                        /** @description out_of_stock at 0; low at or under the threshold in force */
                        stock_level: "in_stock" | "low" | "out_of_stock";
                        updated_at: string;
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Forbidden: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "forbidden";
                    };
                };
            };
            /** @description Payload Too Large: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported Media Type: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    adminGetProduct: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        category_id: string | null;
                        created_at: string;
                        currency: string;
                        description: string;
                        id: string;
                        /** @description always images[0].image_url when a gallery exists */
                        image_url: string | null;
                        images: {
                            alt_text: string;
                            id: string;
                            image_url: string;
                            sort_order: number;
                        }[];
                        is_active: boolean;
                        /** @description this product's own threshold; null: the LOW_STOCK_THRESHOLD setting */
                        low_stock_threshold: number | null;
                        name: string;
                        /** @description minor units of currency */
                        price: number;
                        stock: number;
                        /** @description out_of_stock at 0; low at or under the threshold in force */
                        stock_level: "in_stock" | "low" | "out_of_stock";
                        updated_at: string;
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Forbidden: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "forbidden";
                    };
                };
            };
            /** @description Not Found: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    adminUpdateProduct: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    category_id?: string | null;
                    description?: string;
                    image_url?: string | null;
                    images?: {
                        alt_text?: string | null;
                        image_url: string;
                    }[];
                    is_active?: boolean;
                    low_stock_threshold?: number | null;
                    name?: string;
                    price?: number;
                    stock?: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        category_id: string | null;
                        created_at: string;
                        currency: string;
                        description: string;
                        id: string;
                        /** @description always images[0].image_url when a gallery exists */
                        image_url: string | null;
                        images: {
                            alt_text: string;
                            id: string;
                            image_url: string;
                            sort_order: number;
                        }[];
                        is_active: boolean;
                        /** @description this product's own threshold; null: the LOW_STOCK_THRESHOLD setting */
                        low_stock_threshold: number | null;
                        name: string;
                        /** @description minor units of currency */
                        price: number;
                        stock: number;
                        /** @description out_of_stock at 0; low at or under the threshold in force */
                        stock_level: "in_stock" | "low" | "out_of_stock";
                        updated_at: string;
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Forbidden: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "forbidden";
                    };
                };
            };
            /** @description Not Found: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Payload Too Large: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported Media Type: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    adminDeleteProduct: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Forbidden: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "forbidden";
                    };
                };
            };
            /** @description Not Found: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Payload Too Large: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported Media Type: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    adminGetProductCost: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        unit_cost: number | null;
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Forbidden: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "forbidden";
                    };
                };
            };
            /** @description Not Found: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    adminSetProductCost: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    unit_cost: number | null;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        unit_cost: number | null;
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Forbidden: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "forbidden";
                    };
                };
            };
            /** @description Not Found: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Payload Too Large: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported Media Type: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    adminGetReconciliation: {
        parameters: {
            query?: {
                from?: string;
                /** @description true: check every day of the range and every wallet live, ignoring what the jobs verified (an audit: finds rows altered after their day was verified); slow for long ranges */
                recheck?: boolean;
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        balances: {
                            sum_of_balances: number;
                            sum_of_ledger: number;
                            wallets: number;
                        };
                        /** @description when the verify-ledger-checkpoints job took the balances (every wallet, their sum, their ledger's sum), which are exact as of then; null when they were computed live by this call (recheck=true, or before the job's first run) */
                        balances_as_of?: string | null;
                        currency: string;
                        from: string;
                        mismatches: {
                            detail: string;
                            id: string;
                            kind: string;
                        }[];
                        /** @description true when a check found more mismatches than it lists (1,000 per check) */
                        mismatches_truncated: boolean;
                        ok: boolean;
                        orders: {
                            ledger_payments: {
                                amount: number;
                                count: number;
                            };
                            ledger_refunds: {
                                amount: number;
                                count: number;
                            };
                            placed: {
                                amount: number;
                                count: number;
                            };
                            refunds: {
                                amount: number;
                                count: number;
                            };
                        };
                        to: string;
                        topups: {
                            completed: {
                                amount: number;
                                count: number;
                            };
                            ledger: {
                                amount: number;
                                count: number;
                            };
                            webhook_credited: {
                                count: number;
                            };
                        };
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Forbidden: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "forbidden";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    adminExportReconciliation: {
        parameters: {
            query?: {
                from?: string;
                /** @description true: check every day of the range and every wallet live, ignoring what the jobs verified (an audit: finds rows altered after their day was verified); slow for long ranges */
                recheck?: boolean;
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description CSV: section, item, count, amount, currency, detail */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Forbidden: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": {
                        /** @enum {string} */
                        error?: "forbidden";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    adminListRefunds: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
                order_id?: string;
                user_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            /** @description the admin who refunded; null for the shopper's own cancel */
                            admin: {
                                full_name: string | null;
                                id: string;
                                phone: string | null;
                            } | null;
                            admin_id: string | null;
                            amount: number;
                            created_at: string;
                            currency: string;
                            id: string;
                            order_id: string;
                            reason: string | null;
                            /** @description the user named by user_id: null name and phone for a deleted user */
                            user: {
                                full_name: string | null;
                                id: string;
                                phone: string | null;
                            };
                            user_id: string;
                        }[];
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Forbidden: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "forbidden";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    adminExportRefunds: {
        parameters: {
            query?: {
                order_id?: string;
                user_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description CSV: id, local_date, utc_time, created_at, order_id, order_number, user_id, customer_name, customer_phone, amount, currency, reason, admin_id */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Forbidden: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": {
                        /** @enum {string} */
                        error?: "forbidden";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    adminListStaff: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            created_at: string;
                            full_name: string;
                            id: string;
                            invite_expires_at: string | null;
                            mfa_enabled: boolean;
                            phone: string | null;
                            /**
                             * @description a staff role (docs/contracts.md, "Staff roles")
                             * @enum {string}
                             */
                            role: "owner" | "finance" | "fulfilment" | "support" | "read_only";
                            status: "active" | "invited" | "disabled";
                        }[];
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Forbidden: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "forbidden";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    adminInviteStaff: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    full_name?: string;
                    /** @description E.164, or national with DEFAULT_COUNTRY_CODE */
                    phone: string;
                    /**
                     * @description a staff role (docs/contracts.md, "Staff roles")
                     * @enum {string}
                     */
                    role: "owner" | "finance" | "fulfilment" | "support" | "read_only";
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        full_name: string;
                        id: string;
                        invite_expires_at: string | null;
                        mfa_enabled: boolean;
                        phone: string | null;
                        /**
                         * @description a staff role (docs/contracts.md, "Staff roles")
                         * @enum {string}
                         */
                        role: "owner" | "finance" | "fulfilment" | "support" | "read_only";
                        status: "active" | "invited" | "disabled";
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Forbidden: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "forbidden";
                    };
                };
            };
            /** @description Conflict: conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "conflict";
                    };
                };
            };
            /** @description Payload Too Large: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported Media Type: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
            /** @description Bad Gateway: otp_send_failed */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "otp_send_failed";
                    };
                };
            };
            /** @description Service Unavailable: otp_send_failed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "otp_send_failed";
                    };
                };
            };
        };
    };
    adminUpdateStaff: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    disabled?: boolean;
                    /**
                     * @description a staff role (docs/contracts.md, "Staff roles")
                     * @enum {string}
                     */
                    role?: "owner" | "finance" | "fulfilment" | "support" | "read_only";
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        full_name: string;
                        id: string;
                        invite_expires_at: string | null;
                        mfa_enabled: boolean;
                        phone: string | null;
                        /**
                         * @description a staff role (docs/contracts.md, "Staff roles")
                         * @enum {string}
                         */
                        role: "owner" | "finance" | "fulfilment" | "support" | "read_only";
                        status: "active" | "invited" | "disabled";
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Forbidden: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "forbidden";
                    };
                };
            };
            /** @description Not Found: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Conflict: last_owner, conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "last_owner" | "conflict";
                    };
                };
            };
            /** @description Payload Too Large: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported Media Type: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    adminResendStaffInvite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        full_name: string;
                        id: string;
                        invite_expires_at: string | null;
                        mfa_enabled: boolean;
                        phone: string | null;
                        /**
                         * @description a staff role (docs/contracts.md, "Staff roles")
                         * @enum {string}
                         */
                        role: "owner" | "finance" | "fulfilment" | "support" | "read_only";
                        status: "active" | "invited" | "disabled";
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Forbidden: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "forbidden";
                    };
                };
            };
            /** @description Not Found: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Conflict: conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "conflict";
                    };
                };
            };
            /** @description Payload Too Large: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported Media Type: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
            /** @description Bad Gateway: otp_send_failed */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "otp_send_failed";
                    };
                };
            };
            /** @description Service Unavailable: otp_send_failed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "otp_send_failed";
                    };
                };
            };
        };
    };
    adminRevokeStaffInvite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        full_name: string;
                        id: string;
                        invite_expires_at: string | null;
                        mfa_enabled: boolean;
                        phone: string | null;
                        /**
                         * @description a staff role (docs/contracts.md, "Staff roles")
                         * @enum {string}
                         */
                        role: "owner" | "finance" | "fulfilment" | "support" | "read_only";
                        status: "active" | "invited" | "disabled";
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Forbidden: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "forbidden";
                    };
                };
            };
            /** @description Not Found: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Conflict: conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "conflict";
                    };
                };
            };
            /** @description Payload Too Large: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported Media Type: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    adminResetStaffMfa: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description done */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Forbidden: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "forbidden";
                    };
                };
            };
            /** @description Not Found: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Payload Too Large: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported Media Type: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    adminResetStaffSignIn: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        full_name: string;
                        id: string;
                        invite_expires_at: string | null;
                        mfa_enabled: boolean;
                        phone: string | null;
                        /**
                         * @description a staff role (docs/contracts.md, "Staff roles")
                         * @enum {string}
                         */
                        role: "owner" | "finance" | "fulfilment" | "support" | "read_only";
                        status: "active" | "invited" | "disabled";
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Forbidden: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "forbidden";
                    };
                };
            };
            /** @description Not Found: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Conflict: conflict, last_owner */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "conflict" | "last_owner";
                    };
                };
            };
            /** @description Payload Too Large: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported Media Type: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
            /** @description Bad Gateway: otp_send_failed */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "otp_send_failed";
                    };
                };
            };
            /** @description Service Unavailable: otp_send_failed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "otp_send_failed";
                    };
                };
            };
        };
    };
    adminListTickets: {
        parameters: {
            query?: {
                /** @description a UTC date (YYYY-MM-DD) or an ISO-8601 date-time with a zone */
                created_from?: string;
                /** @description a UTC date (YYYY-MM-DD) or an ISO-8601 date-time with a zone */
                created_to?: string;
                cursor?: string;
                limit?: number;
                status?: "open" | "awaiting_user" | "resolved" | "closed";
                user_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            created_at: string;
                            id: string;
                            status: "open" | "awaiting_user" | "resolved" | "closed";
                            subject: string;
                            updated_at: string;
                            /** @description the user named by user_id: null name and phone for a deleted user */
                            user: {
                                full_name: string | null;
                                id: string;
                                phone: string | null;
                            };
                            user_id: string;
                        }[];
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Forbidden: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "forbidden";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    adminGetTicket: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        id: string;
                        replies: {
                            author: "user" | "support";
                            created_at: string;
                            id: string;
                            message: string;
                        }[];
                        status: "open" | "awaiting_user" | "resolved" | "closed";
                        subject: string;
                        updated_at: string;
                        /** @description the user named by user_id: null name and phone for a deleted user */
                        user: {
                            full_name: string | null;
                            id: string;
                            phone: string | null;
                        };
                        user_id: string;
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Forbidden: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "forbidden";
                    };
                };
            };
            /** @description Not Found: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    adminReplyToTicket: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    message: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        id: string;
                        replies: {
                            author: "user" | "support";
                            created_at: string;
                            id: string;
                            message: string;
                        }[];
                        status: "open" | "awaiting_user" | "resolved" | "closed";
                        subject: string;
                        updated_at: string;
                        /** @description the user named by user_id: null name and phone for a deleted user */
                        user: {
                            full_name: string | null;
                            id: string;
                            phone: string | null;
                        };
                        user_id: string;
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Forbidden: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "forbidden";
                    };
                };
            };
            /** @description Not Found: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Conflict: conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "conflict";
                    };
                };
            };
            /** @description Payload Too Large: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported Media Type: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    adminSetTicketStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    status: "open" | "awaiting_user" | "resolved" | "closed";
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        id: string;
                        replies: {
                            author: "user" | "support";
                            created_at: string;
                            id: string;
                            message: string;
                        }[];
                        status: "open" | "awaiting_user" | "resolved" | "closed";
                        subject: string;
                        updated_at: string;
                        /** @description the user named by user_id: null name and phone for a deleted user */
                        user: {
                            full_name: string | null;
                            id: string;
                            phone: string | null;
                        };
                        user_id: string;
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Forbidden: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "forbidden";
                    };
                };
            };
            /** @description Not Found: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Conflict: invalid_transition */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_transition";
                    };
                };
            };
            /** @description Payload Too Large: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported Media Type: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    adminListTransactions: {
        parameters: {
            query?: {
                cursor?: string;
                /** @description a UTC date (YYYY-MM-DD) or an ISO-8601 date-time with a zone */
                from?: string;
                limit?: number;
                /** @description a UTC date (YYYY-MM-DD) or an ISO-8601 date-time with a zone */
                to?: string;
                type?: "topup" | "order_payment" | "order_refund" | "daily_spin" | "adjustment";
                user_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            amount: number;
                            balance_after: number;
                            created_at: string;
                            id: string;
                            reference: string | null;
                            /** @description what the movement came from; null when its reference names nothing still stored */
                            source: {
                                gateway: string | null;
                                gateway_txn_id: string | null;
                                /** @description the order, refund, top-up or adjustment id; the UTC day of a daily spin */
                                id: string;
                                kind: "order" | "refund" | "topup" | "adjustment" | "daily_spin";
                                order_id: string | null;
                                reason: string | null;
                                reverses: string | null;
                            } | null;
                            type: "topup" | "order_payment" | "order_refund" | "daily_spin" | "adjustment";
                            /** @description the user named by user_id: null name and phone for a deleted user */
                            user: {
                                full_name: string | null;
                                id: string;
                                phone: string | null;
                            };
                            user_id: string;
                        }[];
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Forbidden: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "forbidden";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    adminExportTransactions: {
        parameters: {
            query?: {
                /** @description a UTC date (YYYY-MM-DD) or an ISO-8601 date-time with a zone */
                from?: string;
                /** @description a UTC date (YYYY-MM-DD) or an ISO-8601 date-time with a zone */
                to?: string;
                type?: "topup" | "order_payment" | "order_refund" | "daily_spin" | "adjustment";
                user_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description CSV: id, local_date, utc_time, created_at, user_id, customer_name, customer_phone, type, amount, currency, balance_after, reference */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Forbidden: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": {
                        /** @enum {string} */
                        error?: "forbidden";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    adminUploadImage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    data: string;
                    filename: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            bytes: number;
                            content_type: string;
                            url: string;
                        };
                    };
                };
            };
            /** @description Bad Request: validation_failed, UNSUPPORTED_IMAGE_TYPE */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "UNSUPPORTED_IMAGE_TYPE";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Forbidden: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "forbidden";
                    };
                };
            };
            /** @description Payload Too Large: payload_too_large, IMAGE_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "payload_too_large" | "IMAGE_TOO_LARGE";
                    };
                };
            };
            /** @description Unsupported Media Type: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
            /** @description Service Unavailable: uploads_disabled */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "uploads_disabled";
                    };
                };
            };
        };
    };
    adminListUsers: {
        parameters: {
            query?: {
                cursor?: string;
                /** @description true: shopping credits above 0; false: none */
                has_balance?: boolean;
                /** @description true: users with at least one order; false: users with none */
                has_orders?: boolean;
                include_deleted?: boolean;
                /** @description a UTC date (YYYY-MM-DD) or an ISO-8601 date-time with a zone */
                joined_from?: string;
                /** @description a UTC date (YYYY-MM-DD) or an ISO-8601 date-time with a zone */
                joined_to?: string;
                limit?: number;
                /** @description phone, name or email (substring, case-insensitive) */
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            created_at: string;
                            deleted_at: string | null;
                            email: string | null;
                            email_verified: boolean;
                            email_verified_at: string | null;
                            full_name: string;
                            id: string;
                            is_admin: boolean;
                            phone: string | null;
                            referral_code: string | null;
                            referred_by: string | null;
                            /** @description the user named by referred_by, or null */
                            referrer: {
                                full_name: string | null;
                                id: string;
                                phone: string | null;
                            } | null;
                            updated_at: string;
                        }[];
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Forbidden: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "forbidden";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    adminGetUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                uid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        deleted_at: string | null;
                        deletion: {
                            requested_at?: string;
                            scheduled_for?: string;
                            status: "none" | "pending" | "cancelled" | "completed";
                        };
                        email: string | null;
                        email_verified: boolean;
                        email_verified_at: string | null;
                        full_name: string;
                        id: string;
                        is_admin: boolean;
                        /** @description internal notes, newest first (at most 100) */
                        notes: {
                            /** @description the user named by user_id: null name and phone for a deleted user */
                            admin: {
                                full_name: string | null;
                                id: string;
                                phone: string | null;
                            };
                            admin_id: string;
                            created_at: string;
                            id: string;
                            note: string;
                        }[];
                        phone: string | null;
                        referral_attribution: {
                            code: string;
                            created_at: string;
                            method: "install_referrer" | "manual" | "ip";
                        } | null;
                        referral_code: string | null;
                        referred_by: string | null;
                        /** @description the user named by referred_by, or null */
                        referrer: {
                            full_name: string | null;
                            id: string;
                            phone: string | null;
                        } | null;
                        updated_at: string;
                        wallet: {
                            currency: string;
                            e_vouchers: number;
                            reward_points: number;
                            shopping_credits: number;
                        } | null;
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Forbidden: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "forbidden";
                    };
                };
            };
            /** @description Not Found: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    adminUpdateUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                uid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email?: string | null;
                    full_name?: string;
                    is_admin?: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        deleted_at: string | null;
                        deletion: {
                            requested_at?: string;
                            scheduled_for?: string;
                            status: "none" | "pending" | "cancelled" | "completed";
                        };
                        email: string | null;
                        email_verified: boolean;
                        email_verified_at: string | null;
                        full_name: string;
                        id: string;
                        is_admin: boolean;
                        /** @description internal notes, newest first (at most 100) */
                        notes: {
                            /** @description the user named by user_id: null name and phone for a deleted user */
                            admin: {
                                full_name: string | null;
                                id: string;
                                phone: string | null;
                            };
                            admin_id: string;
                            created_at: string;
                            id: string;
                            note: string;
                        }[];
                        phone: string | null;
                        referral_attribution: {
                            code: string;
                            created_at: string;
                            method: "install_referrer" | "manual" | "ip";
                        } | null;
                        referral_code: string | null;
                        referred_by: string | null;
                        /** @description the user named by referred_by, or null */
                        referrer: {
                            full_name: string | null;
                            id: string;
                            phone: string | null;
                        } | null;
                        updated_at: string;
                        wallet: {
                            currency: string;
                            e_vouchers: number;
                            reward_points: number;
                            shopping_credits: number;
                        } | null;
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Forbidden: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "forbidden";
                    };
                };
            };
            /** @description Not Found: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Conflict: last_owner */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "last_owner";
                    };
                };
            };
            /** @description Payload Too Large: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported Media Type: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    adminDeleteUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                uid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description anonymised */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Forbidden: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "forbidden";
                    };
                };
            };
            /** @description Not Found: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Conflict: deletion_blocked, last_owner */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "deletion_blocked" | "last_owner";
                    };
                };
            };
            /** @description Payload Too Large: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported Media Type: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    adminAdjustWallet: {
        parameters: {
            query?: never;
            header?: {
                "idempotency-key"?: string;
            };
            path: {
                uid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description signed integer minor units: negative debits the wallet (never below zero); positive only with `reverses`, giving back at most what remains of that debit (else 400 adjustment_not_allowed) */
                    amount: number;
                    /** @description why, for the ledger and the accountant */
                    reason: string;
                    /** @description the id of an earlier debit adjustment of this user's wallet that this one gives back */
                    reverses?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the user named by user_id: null name and phone for a deleted user */
                        admin: {
                            full_name: string | null;
                            id: string;
                            phone: string | null;
                        };
                        admin_id: string;
                        /** @description signed (integer minor units) */
                        amount: number;
                        created_at: string;
                        currency: string;
                        id: string;
                        reason: string;
                        /** @description the debit this adjustment gives back, or null */
                        reverses: string | null;
                        transaction: {
                            /** @description signed: credits positive, payments negative (integer minor units) */
                            amount: number;
                            /** @description shopping credits right after this movement (integer minor units) */
                            balance_after: number;
                            created_at: string;
                            id: string;
                            reference: string | null;
                            type: "topup" | "order_payment" | "order_refund" | "daily_spin" | "adjustment";
                        };
                        /** @description the user named by user_id: null name and phone for a deleted user */
                        user: {
                            full_name: string | null;
                            id: string;
                            phone: string | null;
                        };
                        user_id: string;
                    };
                };
            };
            /** @description Bad Request: validation_failed, adjustment_not_allowed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "adjustment_not_allowed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Payment Required: insufficient_credits */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "insufficient_credits";
                    };
                };
            };
            /** @description Forbidden: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "forbidden";
                    };
                };
            };
            /** @description Not Found: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Conflict: idempotency_conflict, conflict, adjustment_not_reversible, reversal_exceeds_debit */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "idempotency_conflict" | "conflict" | "adjustment_not_reversible" | "reversal_exceeds_debit";
                    };
                };
            };
            /** @description Payload Too Large: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported Media Type: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    adminGetUserLedger: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path: {
                uid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            /** @description signed: credits positive, payments negative (integer minor units) */
                            amount: number;
                            /** @description shopping credits right after this movement (integer minor units) */
                            balance_after: number;
                            created_at: string;
                            id: string;
                            reference: string | null;
                            /** @description what the movement came from; null when its reference names nothing still stored */
                            source: {
                                gateway: string | null;
                                gateway_txn_id: string | null;
                                /** @description the order, refund, top-up or adjustment id; the UTC day of a daily spin */
                                id: string;
                                kind: "order" | "refund" | "topup" | "adjustment" | "daily_spin";
                                order_id: string | null;
                                reason: string | null;
                                reverses: string | null;
                            } | null;
                            type: "topup" | "order_payment" | "order_refund" | "daily_spin" | "adjustment";
                        }[];
                        next_cursor: string | null;
                        wallet: {
                            currency: string;
                            e_vouchers: number;
                            reward_points: number;
                            /** @description spendable balance (integer minor units) */
                            shopping_credits: number;
                        } | null;
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Forbidden: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "forbidden";
                    };
                };
            };
            /** @description Not Found: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    adminAddUserNote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                uid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    note: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description the user named by user_id: null name and phone for a deleted user */
                        admin: {
                            full_name: string | null;
                            id: string;
                            phone: string | null;
                        };
                        admin_id: string;
                        created_at: string;
                        id: string;
                        note: string;
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Forbidden: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "forbidden";
                    };
                };
            };
            /** @description Not Found: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Payload Too Large: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported Media Type: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    adminListUserOrders: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path: {
                uid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            created_at: string;
                            currency: string;
                            id: string;
                            items: {
                                line_total: number;
                                name: string;
                                product_id: string;
                                quantity: number;
                                unit_price: number;
                            }[];
                            refunded_amount: number;
                            status: "placed" | "processing" | "shipped" | "delivered" | "cancelled" | "refunded";
                            subtotal: number;
                            total: number;
                            updated_at: string;
                            /** @description the user named by user_id: null name and phone for a deleted user */
                            user: {
                                full_name: string | null;
                                id: string;
                                phone: string | null;
                            };
                            user_id: string;
                        }[];
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Forbidden: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "forbidden";
                    };
                };
            };
            /** @description Not Found: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    adminListUserTickets: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path: {
                uid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            created_at: string;
                            id: string;
                            status: "open" | "awaiting_user" | "resolved" | "closed";
                            subject: string;
                            updated_at: string;
                            /** @description the user named by user_id: null name and phone for a deleted user */
                            user: {
                                full_name: string | null;
                                id: string;
                                phone: string | null;
                            };
                            user_id: string;
                        }[];
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Forbidden: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "forbidden";
                    };
                };
            };
            /** @description Not Found: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    adminListWebhookLogs: {
        parameters: {
            query?: {
                cursor?: string;
                endpoint?: string;
                limit?: number;
                outcome?: "credited" | "duplicate" | "rejected" | "error";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            created_at: string;
                            endpoint: string;
                            gateway: string | null;
                            gateway_txn_id: string | null;
                            id: string;
                            outcome: "credited" | "duplicate" | "rejected" | "error";
                            reason: string | null;
                            /** @description a short prefix of the token, never the whole token */
                            token: string | null;
                            topup_id: string | null;
                        }[];
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Forbidden: forbidden */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "forbidden";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    getAppVersion: {
        parameters: {
            query?: {
                version?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        apk_url: string;
                        /** @description true when the caller ?version= is below min_version */
                        force_update: boolean;
                        min_version: string;
                        version: string;
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    adminAcceptInvite: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the 6-digit code from the SMS */
                    code: string;
                    full_name?: string;
                    password: string;
                    /** @description E.164, or national with DEFAULT_COUNTRY_CODE */
                    phone: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        full_name: string;
                        id: string;
                        phone: string | null;
                        /**
                         * @description a staff role (docs/contracts.md, "Staff roles")
                         * @enum {string}
                         */
                        role: "owner" | "finance" | "fulfilment" | "support" | "read_only";
                    };
                };
            };
            /** @description Bad Request: validation_failed, invalid_invite */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "invalid_invite";
                    };
                };
            };
            /** @description Payload Too Large: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported Media Type: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Too Many Requests: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "LOGIN_RATE_LIMITED" | "IP_RATE_LIMITED";
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    adminLogin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    password: string;
                    /** @description E.164, or national with DEFAULT_COUNTRY_CODE */
                    phone: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access_token: string;
                        expires_in: number;
                        refresh_token: string;
                        user: {
                            created_at: string;
                            email: string | null;
                            email_verified: boolean;
                            email_verified_at: string | null;
                            full_name: string;
                            id: string;
                            is_admin: boolean;
                            phone: string | null;
                            referral_code: string | null;
                            /** @description id of the user whose referral brought this one (set once, at sign-up) */
                            referred_by: string | null;
                        };
                    } | {
                        /** @description seconds the mfa_token stays valid */
                        expires_in: number;
                        /** @enum {boolean} */
                        mfa_required: true;
                        /** @description single use; send it with a code to /auth/admin/login/mfa */
                        mfa_token: string;
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: invalid_credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_credentials";
                    };
                };
            };
            /** @description Payload Too Large: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported Media Type: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Too Many Requests: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "LOGIN_RATE_LIMITED" | "IP_RATE_LIMITED";
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    adminLoginMfa: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description a 6-digit TOTP code, or a recovery code */
                    code: string;
                    mfa_token: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access_token: string;
                        expires_in: number;
                        refresh_token: string;
                        user: {
                            created_at: string;
                            email: string | null;
                            email_verified: boolean;
                            email_verified_at: string | null;
                            full_name: string;
                            id: string;
                            is_admin: boolean;
                            phone: string | null;
                            referral_code: string | null;
                            /** @description id of the user whose referral brought this one (set once, at sign-up) */
                            referred_by: string | null;
                        };
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: invalid_mfa_token, invalid_mfa_code */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_mfa_token" | "invalid_mfa_code";
                    };
                };
            };
            /** @description Payload Too Large: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported Media Type: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Too Many Requests: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "LOGIN_RATE_LIMITED" | "IP_RATE_LIMITED" | "MFA_RATE_LIMITED";
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    login: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    password: string;
                    /** @description E.164, or national with DEFAULT_COUNTRY_CODE */
                    phone: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        custom_token: string;
                        /** @description seconds until custom_token expires */
                        expires_in: number;
                        refresh_token: string;
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: invalid_credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_credentials";
                    };
                };
            };
            /** @description Payload Too Large: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported Media Type: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Too Many Requests: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "LOGIN_RATE_LIMITED" | "IP_RATE_LIMITED";
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description all sessions ended */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Payload Too Large: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported Media Type: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    sendOtp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description E.164, or national with DEFAULT_COUNTRY_CODE */
                    phone: string;
                    /** @default login */
                    purpose?: "login" | "reset_password";
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description seconds the code stays valid */
                        expires_in: number;
                        /** @description seconds before another code may be asked for */
                        resend_in: number;
                        /** @enum {boolean} */
                        sent: true;
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Payload Too Large: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported Media Type: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Too Many Requests: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "OTP_RATE_LIMITED";
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
            /** @description Bad Gateway: otp_send_failed */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "otp_send_failed";
                    };
                };
            };
            /** @description Service Unavailable: otp_send_failed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "otp_send_failed";
                    };
                };
            };
        };
    };
    verifyOtp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the 6-digit code */
                    otp: string;
                    /** @description E.164, or national with DEFAULT_COUNTRY_CODE */
                    phone: string;
                    /** @enum {string} */
                    purpose?: "login";
                    /** @description a share code (a string); an invalid or unknown code, or any other value, is ignored */
                    referral_code?: unknown;
                    /** @description `install_referrer` or `manual`; any other value is stored as null */
                    referral_source?: unknown;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        custom_token: string;
                        expires_in: number;
                        is_new_user: boolean;
                        refresh_token: string;
                        user: {
                            created_at: string;
                            email: string | null;
                            email_verified: boolean;
                            email_verified_at: string | null;
                            full_name: string;
                            id: string;
                            is_admin: boolean;
                            phone: string | null;
                            referral_code: string | null;
                            /** @description id of the user whose referral brought this one (set once, at sign-up) */
                            referred_by: string | null;
                        };
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: invalid_otp */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_otp";
                    };
                };
            };
            /** @description Payload Too Large: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported Media Type: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    refreshToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    refresh_token: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        custom_token: string;
                        /** @description seconds until custom_token expires */
                        expires_in: number;
                        refresh_token: string;
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Payload Too Large: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported Media Type: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    register: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    full_name: string;
                    password: string;
                    /** @description E.164, or national with DEFAULT_COUNTRY_CODE */
                    phone: string;
                    /** @description a share code (a string); an invalid or unknown code, or any other value, is ignored */
                    referral_code?: unknown;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        custom_token: string;
                        /** @description seconds until custom_token expires */
                        expires_in: number;
                        refresh_token: string;
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Conflict: conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "conflict";
                    };
                };
            };
            /** @description Payload Too Large: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported Media Type: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Too Many Requests: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "IP_RATE_LIMITED";
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    resetPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    new_password: string;
                    /** @description the 6-digit code */
                    otp: string;
                    /** @description E.164, or national with DEFAULT_COUNTRY_CODE */
                    phone: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        reset: true;
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: invalid_otp */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_otp";
                    };
                };
            };
            /** @description Payload Too Large: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported Media Type: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    listCategories: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: string;
                            is_active: boolean;
                            name: string;
                            slug: string;
                            sort_order: number;
                        }[];
                        next_cursor: string | null;
                    };
                };
            };
            /** @description No content */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    getMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        email: string | null;
                        email_verified: boolean;
                        email_verified_at: string | null;
                        full_name: string;
                        id: string;
                        is_admin: boolean;
                        phone: string | null;
                        referral_code: string | null;
                        /** @description id of the user whose referral brought this one (set once, at sign-up) */
                        referred_by: string | null;
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Not Found: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    updateMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email?: string | null;
                    full_name?: string;
                } | unknown | unknown;
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        email: string | null;
                        email_verified: boolean;
                        email_verified_at: string | null;
                        full_name: string;
                        id: string;
                        is_admin: boolean;
                        phone: string | null;
                        referral_code: string | null;
                        /** @description id of the user whose referral brought this one (set once, at sign-up) */
                        referred_by: string | null;
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Not Found: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Payload Too Large: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported Media Type: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    sendEmailOtp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description seconds the code stays valid */
                        expires_in: number;
                        /** @description seconds before another code may be asked for */
                        resend_in: number;
                        /** @enum {boolean} */
                        sent: true;
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Not Found: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Conflict: email_in_use */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "email_in_use";
                    };
                };
            };
            /** @description Payload Too Large: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported Media Type: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Too Many Requests: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "EMAIL_OTP_RATE_LIMITED";
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
            /** @description Bad Gateway: email_send_failed */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "email_send_failed";
                    };
                };
            };
            /** @description Service Unavailable: email_disabled */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "email_disabled";
                    };
                };
            };
        };
    };
    verifyEmailOtp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the 6-digit code */
                    otp: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        email: string;
                        /** @enum {boolean} */
                        email_verified: true;
                    };
                };
            };
            /** @description Bad Request: validation_failed, invalid_otp */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "invalid_otp";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Conflict: email_in_use */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "email_in_use";
                    };
                };
            };
            /** @description Payload Too Large: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported Media Type: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    listOrders: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            created_at: string;
                            currency: string;
                            id: string;
                            items: {
                                line_total: number;
                                name: string;
                                product_id: string;
                                quantity: number;
                                unit_price: number;
                            }[];
                            refunded_amount: number;
                            status: "placed" | "processing" | "shipped" | "delivered" | "cancelled" | "refunded";
                            subtotal: number;
                            total: number;
                            updated_at: string;
                        }[];
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    placeOrder: {
        parameters: {
            query?: never;
            header?: {
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    items: {
                        product_id: string;
                        quantity: number;
                    }[];
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        currency: string;
                        id: string;
                        items: {
                            line_total: number;
                            name: string;
                            product_id: string;
                            quantity: number;
                            unit_price: number;
                        }[];
                        refunded_amount: number;
                        status: "placed" | "processing" | "shipped" | "delivered" | "cancelled" | "refunded";
                        subtotal: number;
                        total: number;
                        updated_at: string;
                    };
                };
            };
            /** @description Bad Request: validation_failed, invalid_product */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "invalid_product";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Payment Required: insufficient_credits */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "insufficient_credits";
                    };
                };
            };
            /** @description Not Found: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Conflict: out_of_stock, idempotency_conflict, conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "out_of_stock" | "idempotency_conflict" | "conflict";
                    };
                };
            };
            /** @description Payload Too Large: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported Media Type: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    getOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        currency: string;
                        events: {
                            actor: {
                                kind: "user" | "admin" | "system";
                            };
                            created_at: string;
                            data: {
                                amount?: number;
                                carrier?: string;
                                tracking_number?: string;
                                tracking_url?: string;
                            } | null;
                            from_status: ("placed" | "processing" | "shipped" | "delivered" | "cancelled" | "refunded") | null;
                            id: string;
                            /** @description always null: notes are internal */
                            note: null;
                            order_id: string;
                            to_status: ("placed" | "processing" | "shipped" | "delivered" | "cancelled" | "refunded") | null;
                            /** @description placed; status_changed; cancelled (by the shopper or an admin); refund (each one); note (admin, internal) */
                            type: "placed" | "status_changed" | "cancelled" | "refund" | "note";
                        }[];
                        id: string;
                        items: {
                            line_total: number;
                            name: string;
                            product_id: string;
                            quantity: number;
                            unit_price: number;
                        }[];
                        refunded_amount: number;
                        status: "placed" | "processing" | "shipped" | "delivered" | "cancelled" | "refunded";
                        subtotal: number;
                        total: number;
                        updated_at: string;
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Not Found: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    cancelOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        currency: string;
                        id: string;
                        items: {
                            line_total: number;
                            name: string;
                            product_id: string;
                            quantity: number;
                            unit_price: number;
                        }[];
                        refunded_amount: number;
                        status: "placed" | "processing" | "shipped" | "delivered" | "cancelled" | "refunded";
                        subtotal: number;
                        total: number;
                        updated_at: string;
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Not Found: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Conflict: invalid_transition, conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_transition" | "conflict";
                    };
                };
            };
            /** @description Payload Too Large: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported Media Type: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    quoteOrder: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    items: {
                        product_id: string;
                        quantity: number;
                    }[];
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        currency: string;
                        items: {
                            line_total: number;
                            name: string;
                            product_id: string;
                            quantity: number;
                            unit_price: number;
                        }[];
                        subtotal: number;
                        total: number;
                    };
                };
            };
            /** @description Bad Request: validation_failed, invalid_product */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "invalid_product";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Conflict: out_of_stock */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "out_of_stock";
                    };
                };
            };
            /** @description Payload Too Large: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported Media Type: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    listPaymentGateways: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            code: string;
                            id: string;
                            is_active: boolean;
                            max_amount: number | null;
                            min_amount: number | null;
                            name: string;
                            sort_order: number;
                        }[];
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    listProducts: {
        parameters: {
            query?: {
                category_id?: string;
                cursor?: string;
                limit?: number;
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            category_id: string | null;
                            created_at: string;
                            currency: string;
                            description: string;
                            id: string;
                            /** @description always images[0].image_url when a gallery exists */
                            image_url: string | null;
                            images: {
                                alt_text: string;
                                id: string;
                                image_url: string;
                                sort_order: number;
                            }[];
                            is_active: boolean;
                            name: string;
                            /** @description minor units of currency */
                            price: number;
                            stock: number;
                            updated_at: string;
                        }[];
                        next_cursor: string | null;
                    };
                };
            };
            /** @description No content */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    getProduct: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        category_id: string | null;
                        created_at: string;
                        currency: string;
                        description: string;
                        id: string;
                        /** @description always images[0].image_url when a gallery exists */
                        image_url: string | null;
                        images: {
                            alt_text: string;
                            id: string;
                            image_url: string;
                            sort_order: number;
                        }[];
                        is_active: boolean;
                        name: string;
                        /** @description minor units of currency */
                        price: number;
                        stock: number;
                        updated_at: string;
                    };
                };
            };
            /** @description No content */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Not Found: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    checkReferral: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        referral_code: string | null;
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Too Many Requests: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "REFERRAL_RATE_LIMITED";
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    getMyReferralCode: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        referral_code: string;
                        share_url: string;
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Not Found: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    listTickets: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            created_at: string;
                            id: string;
                            status: "open" | "awaiting_user" | "resolved" | "closed";
                            subject: string;
                            updated_at: string;
                        }[];
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    createTicket: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    message: string;
                    subject: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        id: string;
                        replies: {
                            author: "user" | "support";
                            created_at: string;
                            id: string;
                            message: string;
                        }[];
                        status: "open" | "awaiting_user" | "resolved" | "closed";
                        subject: string;
                        updated_at: string;
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Payload Too Large: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported Media Type: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Too Many Requests: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "TICKET_RATE_LIMITED";
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    getTicket: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        id: string;
                        replies: {
                            author: "user" | "support";
                            created_at: string;
                            id: string;
                            message: string;
                        }[];
                        status: "open" | "awaiting_user" | "resolved" | "closed";
                        subject: string;
                        updated_at: string;
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Not Found: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    replyToTicket: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    message: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        id: string;
                        replies: {
                            author: "user" | "support";
                            created_at: string;
                            id: string;
                            message: string;
                        }[];
                        status: "open" | "awaiting_user" | "resolved" | "closed";
                        subject: string;
                        updated_at: string;
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Not Found: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Conflict: conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "conflict";
                    };
                };
            };
            /** @description Payload Too Large: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported Media Type: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    getWallet: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        currency: string;
                        e_vouchers: number;
                        reward_points: number;
                        /** @description spendable balance (integer minor units) */
                        shopping_credits: number;
                        /** @description what `POST /wallet/topup-initiate` accepts as `amount` (an active gateway must also take it) */
                        topup: {
                            /** @description largest top-up, TOPUP_MAX (integer minor units) */
                            max: number;
                            /** @description smallest top-up, TOPUP_MIN (integer minor units) */
                            min: number;
                        };
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Not Found: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    dailySpin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description start of the next UTC day */
                        next_spin_at: string;
                        prize: number;
                        transaction: {
                            /** @description signed: credits positive, payments negative (integer minor units) */
                            amount: number;
                            /** @description shopping credits right after this movement (integer minor units) */
                            balance_after: number;
                            created_at: string;
                            id: string;
                            reference: string | null;
                            type: "topup" | "order_payment" | "order_refund" | "daily_spin" | "adjustment";
                        };
                        wallet: {
                            currency: string;
                            e_vouchers: number;
                            reward_points: number;
                            /** @description spendable balance (integer minor units) */
                            shopping_credits: number;
                        };
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Not Found: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Conflict: already_spun */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "already_spun";
                    };
                };
            };
            /** @description Payload Too Large: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported Media Type: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    settlePending: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {number} */
                        settled: 0;
                        wallet: {
                            currency: string;
                            e_vouchers: number;
                            reward_points: number;
                            /** @description spendable balance (integer minor units) */
                            shopping_credits: number;
                        };
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Not Found: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Payload Too Large: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported Media Type: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    attachTopup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    gateway: "gateway_a" | "gateway_b";
                    gateway_order_id: string;
                    token: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        attached: boolean;
                        /** @description pending: not paid yet; completed: credited (final); expired: not paid within the hour */
                        status: "pending" | "completed" | "expired";
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: invalid_signature */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_signature";
                    };
                };
            };
            /** @description Not Found: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Payload Too Large: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported Media Type: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Too Many Requests: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "IP_RATE_LIMITED";
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
            /** @description Service Unavailable: callback_disabled */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "callback_disabled";
                    };
                };
            };
        };
    };
    creditTopup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    amount: number;
                    currency: string;
                    gateway: "gateway_a" | "gateway_b";
                    gateway_txn_id: string;
                    token: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        balance: number;
                        /** @enum {boolean} */
                        credited: true;
                    } | {
                        /** @enum {boolean} */
                        credited: false;
                        /** @enum {boolean} */
                        duplicate: true;
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: invalid_signature */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_signature";
                    };
                };
            };
            /** @description Not Found: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Conflict: amount_mismatch, gateway_txn_reused, topup_already_completed */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "amount_mismatch" | "gateway_txn_reused" | "topup_already_completed";
                    };
                };
            };
            /** @description Payload Too Large: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported Media Type: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Too Many Requests: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "IP_RATE_LIMITED";
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
            /** @description Service Unavailable: callback_disabled */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "callback_disabled";
                    };
                };
            };
        };
    };
    declineTopup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    gateway: "gateway_a" | "gateway_b";
                    token: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description when the gateway declined the payment of this top-up; nothing was credited. An app stops asking and offers a new top-up. Absent once completed: a payment confirmed later still completes the top-up, credited once */
                        declined_at?: string;
                        /** @description pending: not paid yet; completed: credited (final); expired: not paid within the hour */
                        status: "pending" | "completed" | "expired";
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: invalid_signature */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_signature";
                    };
                };
            };
            /** @description Not Found: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Payload Too Large: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported Media Type: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Too Many Requests: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "IP_RATE_LIMITED";
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
            /** @description Service Unavailable: callback_disabled */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "callback_disabled";
                    };
                };
            };
        };
    };
    initiateTopup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description minor units, TOPUP_MIN..TOPUP_MAX */
                    amount: number;
                    /** @description where the payment server sends the payer afterwards, with `?topup=<token>`; its origin must be one of TOPUP_RETURN_ORIGINS (else 400 return_url_not_allowed) */
                    return_url?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        expires_at: string;
                        token: string;
                        url: string;
                    };
                };
            };
            /** @description Bad Request: validation_failed, return_url_not_allowed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed" | "return_url_not_allowed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Payload Too Large: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported Media Type: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
            /** @description Service Unavailable: topup_disabled */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "topup_disabled";
                    };
                };
            };
        };
    };
    lookupTopup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        amount: number;
                        currency: string;
                        /** @description when the gateway declined the payment of this top-up; nothing was credited. An app stops asking and offers a new top-up. Absent once completed: a payment confirmed later still completes the top-up, credited once */
                        declined_at?: string;
                        expires_at: string;
                        /** @description the gateways the hosted page may offer for this amount, in display order (active records whose bounds admit it, then gateways without a record) */
                        gateways: {
                            code: string;
                            name: string | null;
                        }[];
                        /** @description the initiate's return_url, when it had one: where the payer goes back to */
                        return_url?: string;
                        /** @description pending: not paid yet; completed: credited (final); expired: not paid within the hour */
                        status: "pending" | "completed" | "expired";
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: invalid_signature */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "invalid_signature";
                    };
                };
            };
            /** @description Not Found: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Payload Too Large: payload_too_large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported Media Type: unsupported_media_type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unsupported_media_type";
                    };
                };
            };
            /** @description Too Many Requests: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "IP_RATE_LIMITED";
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
            /** @description Service Unavailable: callback_disabled */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "callback_disabled";
                    };
                };
            };
        };
    };
    getTopupStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        amount: number;
                        credited_at?: string;
                        currency: string;
                        /** @description when the gateway declined the payment of this top-up; nothing was credited. An app stops asking and offers a new top-up. Absent once completed: a payment confirmed later still completes the top-up, credited once */
                        declined_at?: string;
                        expires_at: string;
                        /** @description pending: not paid yet; completed: credited (final); expired: not paid within the hour */
                        status: "pending" | "completed" | "expired";
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Not Found: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    listWalletTransactions: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            /** @description signed: credits positive, payments negative (integer minor units) */
                            amount: number;
                            /** @description shopping credits right after this movement (integer minor units) */
                            balance_after: number;
                            created_at: string;
                            id: string;
                            reference: string | null;
                            type: "topup" | "order_payment" | "order_refund" | "daily_spin" | "adjustment";
                        }[];
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Unauthorized: unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "unauthorized";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        database: "ok";
                        /** @enum {string} */
                        status: "ok";
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
            /** @description Service Unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        database: "down";
                        /** @enum {string} */
                        status: "error";
                    };
                };
            };
        };
    };
    getMedia: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                key: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Image bytes */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description No content */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Not Found: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    followReferralLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the referral code */
                code: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Location: MOBILE_STORE_URL with referrer=<CODE> in its query */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Not Found: not_found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "not_found";
                    };
                };
            };
            /** @description Too Many Requests: rate_limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        code?: "REFERRAL_RATE_LIMITED";
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
        };
    };
    getReady: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ready";
                    };
                };
            };
            /** @description Bad Request: validation_failed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "validation_failed";
                    };
                };
            };
            /** @description Internal Server Error: internal */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        /** @enum {string} */
                        error?: "internal";
                    };
                };
            };
            /** @description Service Unavailable */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        reason: "database_down" | "migrations_pending";
                        /** @enum {string} */
                        status: "not_ready";
                    };
                };
            };
        };
    };
}
