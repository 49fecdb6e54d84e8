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
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
            };
        };
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
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
            };
        };
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
        post: {
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
                /** @description Default Response */
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
            };
        };
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
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
            };
        };
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
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
            };
        };
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
        post: {
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
            };
        };
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
        post: {
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
                /** @description Default Response */
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
            };
        };
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
        post: {
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
            };
        };
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
        post: {
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
            };
        };
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
        get: {
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
            };
        };
        put?: never;
        post: {
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
            };
        };
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
        put: {
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
            };
        };
        post?: never;
        delete: {
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description No content */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
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
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
                                pending_deletion_requests: number;
                                reward_points_outstanding: number;
                                users: number;
                                /** @description sum of every shopping-credits balance, minor units */
                                wallet_liability: number;
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
            };
        };
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
        get: {
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
            };
        };
        put?: never;
        post?: never;
        delete?: never;
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
        get: {
            parameters: {
                query?: {
                    cursor?: string;
                    limit?: number;
                    status?: "placed" | "processing" | "shipped" | "delivered" | "cancelled" | "refunded";
                    user_id?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
                                user_id: string;
                            }[];
                            next_cursor: string | null;
                        };
                    };
                };
            };
        };
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
        get: {
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
                            user_id: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
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
        post: {
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            admin_id: string | null;
                            amount: number;
                            created_at: string;
                            currency: string;
                            id: string;
                            order: {
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
                                user_id: string;
                            };
                            order_id: string;
                            reason: string | null;
                            user_id: string;
                        };
                    };
                };
            };
        };
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
        post: {
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
                        status: "placed" | "processing" | "shipped" | "delivered" | "cancelled" | "refunded";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
                            user_id: string;
                        };
                    };
                };
            };
        };
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
        get: {
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
            };
        };
        put?: never;
        post: {
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
            };
        };
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
        put: {
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
            };
        };
        post?: never;
        delete: {
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description No content */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
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
        get: {
            parameters: {
                query?: {
                    category_id?: string;
                    cursor?: string;
                    is_active?: boolean;
                    limit?: number;
                    q?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
            };
        };
        put?: never;
        post: {
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
                        name: string;
                        price: number;
                        stock?: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
                            name: string;
                            /** @description minor units of currency */
                            price: number;
                            stock: number;
                            updated_at: string;
                        };
                    };
                };
            };
        };
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
        get: {
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
            };
        };
        put: {
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
                        name?: string;
                        price?: number;
                        stock?: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
            };
        };
        post?: never;
        delete: {
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description No content */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
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
        get: {
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
            };
        };
        put: {
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
            };
        };
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
        get: {
            parameters: {
                query?: {
                    from?: string;
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
            };
        };
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
        get: {
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                admin_id: string | null;
                                amount: number;
                                created_at: string;
                                currency: string;
                                id: string;
                                order_id: string;
                                reason: string | null;
                                user_id: string;
                            }[];
                            next_cursor: string | null;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
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
        get: {
            parameters: {
                query?: {
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
                                user_id: string;
                            }[];
                            next_cursor: string | null;
                        };
                    };
                };
            };
        };
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
        get: {
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
                            user_id: string;
                        };
                    };
                };
            };
        };
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
        post: {
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
                            user_id: string;
                        };
                    };
                };
            };
        };
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
        put: {
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
                            user_id: string;
                        };
                    };
                };
            };
        };
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
        get: {
            parameters: {
                query?: {
                    cursor?: string;
                    limit?: number;
                    type?: "topup" | "order_payment" | "order_refund" | "daily_spin" | "adjustment";
                    user_id?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
                                type: "topup" | "order_payment" | "order_refund" | "daily_spin" | "adjustment";
                                user_id: string;
                            }[];
                            next_cursor: string | null;
                        };
                    };
                };
            };
        };
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
        post: {
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
            };
        };
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
        get: {
            parameters: {
                query?: {
                    cursor?: string;
                    include_deleted?: boolean;
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
                                updated_at: string;
                            }[];
                            next_cursor: string | null;
                        };
                    };
                };
            };
        };
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
        get: {
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
                            phone: string | null;
                            referral_attribution: {
                                code: string;
                                created_at: string;
                                method: "install_referrer" | "manual" | "ip";
                            } | null;
                            referral_code: string | null;
                            referred_by: string | null;
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
            };
        };
        put: {
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
                            phone: string | null;
                            referral_attribution: {
                                code: string;
                                created_at: string;
                                method: "install_referrer" | "manual" | "ip";
                            } | null;
                            referral_code: string | null;
                            referred_by: string | null;
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
            };
        };
        post?: never;
        delete: {
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description anonymised */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
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
        get: {
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
            };
        };
        put?: never;
        post?: never;
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
        get: {
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
                                user_id: string;
                            }[];
                            next_cursor: string | null;
                        };
                    };
                };
            };
        };
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
        get: {
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
                                user_id: string;
                            }[];
                            next_cursor: string | null;
                        };
                    };
                };
            };
        };
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
        get: {
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
            };
        };
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
        get: {
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
            };
        };
        put?: never;
        post?: never;
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
        post: {
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
                            };
                        };
                    };
                };
            };
        };
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
        post: {
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
            };
        };
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
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description all sessions ended */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
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
        post: {
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
            };
        };
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
        post: {
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
                        referral_code?: string | null;
                        referral_source?: string | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
                            };
                        };
                    };
                };
            };
        };
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
        post: {
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
            };
        };
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
        post: {
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
                        referral_code?: string | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
            };
        };
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
        post: {
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
            };
        };
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
        get: {
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
            };
        };
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
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch: {
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
                        };
                    };
                };
            };
        };
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
        post: {
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
            };
        };
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
        post: {
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
            };
        };
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
        get: {
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
            };
        };
        put?: never;
        post: {
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
            };
        };
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
        get: {
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
            };
        };
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
        post: {
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
            };
        };
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
        post: {
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
            };
        };
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
        get: {
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
            };
        };
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
        get: {
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
            };
        };
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
        get: {
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
            };
        };
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
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
            };
        };
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
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
            };
        };
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
        get: {
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
            };
        };
        put?: never;
        post: {
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
            };
        };
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
        get: {
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
            };
        };
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
        post: {
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
            };
        };
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
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
                        };
                    };
                };
            };
        };
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
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
            };
        };
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
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
            };
        };
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
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>"> */
                    "x-store-signature"?: string;
                };
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            attached: boolean;
                            status: "pending" | "completed" | "expired";
                        };
                    };
                };
            };
        };
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
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>"> */
                    "x-store-signature"?: string;
                };
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
            };
        };
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
        post: {
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
                    };
                };
            };
            responses: {
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
            };
        };
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
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>"> */
                    "x-store-signature"?: string;
                };
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            amount: number;
                            currency: string;
                            expires_at: string;
                            status: "pending" | "completed" | "expired";
                        };
                    };
                };
            };
        };
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
        get: {
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            amount: number;
                            credited_at?: string;
                            currency: string;
                            expires_at: string;
                            status: "pending" | "completed" | "expired";
                        };
                    };
                };
            };
        };
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
        get: {
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
            };
        };
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
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
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
                /** @description Default Response */
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
        get: {
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
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
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
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/r/{*}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description the referral code */
                    "*": string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                "4XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Default Response */
                "5XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            code?: string;
                            details?: unknown;
                            error: string;
                            message?: string;
                            retry_after?: number;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Location: MOBILE_STORE_URL with referrer=<CODE> in its query */
                302: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
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
    schemas: never;
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
