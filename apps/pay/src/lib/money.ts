/**
 * Amounts are integer minor units inside Storefront; gateways speak decimal major-unit strings
 * ("123.45"). Conversions use integer and string arithmetic only, never floats.
 */

export { currencyExponent as exponentOf, decimalToMinor, minorToDecimal } from '@storefront/money';
