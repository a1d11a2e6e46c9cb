/**
 * Checks a value against the JSON Schema subset zod's toJSONSchema writes (type,
 * properties, required, additionalProperties, items, min/maxItems, enum, const,
 * anyOf, oneOf, minimum/maximum, local $ref). Enough to hold every answer to the
 * published OpenAPI document, field names and casing included.
 */
type Schema = Record<string, any>;

function typeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

function typeMatches(expected: string, actual: string) {
  return expected === actual || (expected === "number" && actual === "integer");
}

export function schemaErrors(schema: Schema, value: unknown, root: Schema, path = "$"): string[] {
  if (schema.$ref) {
    const target = String(schema.$ref)
      .replace(/^#\//, "")
      .split("/")
      .reduce((node: any, key) => node?.[key], root);
    return schemaErrors(target, value, root, path);
  }
  const errors: string[] = [];
  for (const key of ["anyOf", "oneOf"] as const) {
    if (!schema[key]) continue;
    const branches: string[][] = schema[key].map((s: Schema) => schemaErrors(s, value, root, path));
    const matching = branches.filter((b) => b.length === 0).length;
    if (matching === 0 || (key === "oneOf" && matching > 1)) {
      const why = branches.map((b, i) => `[${i}] ${b.slice(0, 2).join("; ")}`).join(" | ");
      errors.push(`${path}: matches ${matching} of ${key}: ${why}`);
    }
  }
  if (schema.type) {
    const types: string[] = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (!types.some((t) => typeMatches(t, typeOf(value)))) return [...errors, `${path}: ${typeOf(value)} is not ${types.join("|")}`];
  }
  if ("const" in schema && value !== schema.const) errors.push(`${path}: ${JSON.stringify(value)} is not ${JSON.stringify(schema.const)}`);
  if (schema.enum && !schema.enum.includes(value)) errors.push(`${path}: ${JSON.stringify(value)} not in ${JSON.stringify(schema.enum)}`);
  if (typeof value === "number") {
    if (schema.minimum !== undefined && value < schema.minimum) errors.push(`${path}: below minimum`);
    if (schema.maximum !== undefined && value > schema.maximum) errors.push(`${path}: above maximum`);
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) errors.push(`${path}: fewer than ${schema.minItems} items`);
    if (schema.maxItems !== undefined && value.length > schema.maxItems) errors.push(`${path}: more than ${schema.maxItems} items`);
    if (schema.items) for (const [i, item] of value.entries()) errors.push(...schemaErrors(schema.items, item, root, `${path}[${i}]`));
  }
  if (typeOf(value) === "object" && (schema.properties || schema.required)) {
    const object = value as Record<string, unknown>;
    for (const key of schema.required ?? []) if (!(key in object)) errors.push(`${path}: missing ${key}`);
    for (const [key, item] of Object.entries(object)) {
      const property = schema.properties?.[key];
      if (property) errors.push(...schemaErrors(property, item, root, `${path}.${key}`));
      else if (schema.additionalProperties === false) errors.push(`${path}: unexpected field ${key}`);
    }
  }
  return errors;
}
