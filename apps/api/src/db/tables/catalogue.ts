/** Table types for categories, products, galleries, media, payment gateways (issue 4). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface CatalogueTables {}
