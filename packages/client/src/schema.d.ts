/**
 * Generated from packages/client/openapi.json by `npm run generate -w packages/client`.
 * Do not edit by hand: `npm test` fails when this file no longer matches the API.
 */

export interface paths {
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
