/**
 * Hand-written invalid bodies are rejected for the right reason (the right JSON Pointer and
 * keyword), and unknown extra members are accepted (§2: real responses carry extra members).
 * The valid bodies start from the contract's own examples, so each case breaks exactly one rule.
 */
import { describe, expect, it } from 'vitest';
import { ContractValidator, getAt, type JsonObject, type SchemaName } from '../../contract/index.js';

const validator = new ContractValidator();
const example = (name: string): JsonObject => structuredClone(getAt(validator.doc, `/components/examples/${name}/value`)) as JsonObject;

type Mutate = (body: any) => void;
interface InvalidCase {
  name: string;
  schema: SchemaName;
  example: string;
  mutate: Mutate;
  pointer: string;
  keyword: string;
}

const invalid: InvalidCase[] = [
  {
    name: 'a string rank (A)',
    schema: 'MarketAProductResponse',
    example: 'MarketAProduct',
    mutate: (b) => {
      b.data.rank = '12';
    },
    pointer: '/data/rank',
    keyword: 'type',
  },
  {
    name: 'a string rank (B)',
    schema: 'MarketBProductResponse',
    example: 'MarketBProduct',
    mutate: (b) => {
      b.data.rank = '7';
    },
    pointer: '/data/rank',
    keyword: 'type',
  },
  {
    name: 'a missing slug (A)',
    schema: 'MarketAProductResponse',
    example: 'MarketAProduct',
    mutate: (b) => {
      delete b.data.slug;
    },
    pointer: '/data',
    keyword: 'required',
  },
  {
    name: 'a missing slug (B search)',
    schema: 'MarketBProductSearchResponse',
    example: 'MarketBProductSearch',
    mutate: (b) => {
      delete b.data[0].slug;
    },
    pointer: '/data/0',
    keyword: 'required',
  },
  {
    name: 'a marketplace B id that is a string',
    schema: 'MarketBProductResponse',
    example: 'MarketBProduct',
    mutate: (b) => {
      b.data.id = '1018367';
    },
    pointer: '/data/id',
    keyword: 'type',
  },
  {
    name: 'a marketplace A id that is not a UUID',
    schema: 'MarketAProductResponse',
    example: 'MarketAProduct',
    mutate: (b) => {
      b.data.id = 719082;
    },
    pointer: '/data/id',
    keyword: 'type',
  },
  {
    name: 'a meta object on an A lookup',
    schema: 'MarketAProductResponse',
    example: 'MarketAProduct',
    mutate: (b) => {
      b.meta = { current_page: 1, per_page: 20, total: 1 };
    },
    pointer: '/meta',
    keyword: 'type',
  },
  {
    name: 'a meta object on a B lookup',
    schema: 'MarketBProductResponse',
    example: 'MarketBProduct',
    mutate: (b) => {
      b.meta = { page: 1, per_page: 50 };
    },
    pointer: '/meta',
    keyword: 'type',
  },
  {
    name: 'an unknown price type',
    schema: 'MarketAProductResponse',
    example: 'MarketAProductExpanded',
    mutate: (b) => {
      b.data.variants[0].prices[0].type = 'overnight';
    },
    pointer: '/data/variants/0/prices/0/type',
    keyword: 'enum',
  },
  {
    name: 'an unknown size system',
    schema: 'MarketAProductResponse',
    example: 'MarketAProductExpanded',
    mutate: (b) => {
      b.data.variants[0].sizes[0].type = 'US M';
    },
    pointer: '/data/variants/0/sizes/0/type',
    keyword: 'enum',
  },
  {
    name: 'an unknown B sale type',
    schema: 'MarketBSalesResponse',
    example: 'MarketBSales',
    mutate: (b) => {
      b.data[0].type = 'PURCHASE_TYPE_AUCTION';
    },
    pointer: '/data/0/type',
    keyword: 'enum',
  },
  {
    name: 'a meta on A3',
    schema: 'MarketASalesResponse',
    example: 'MarketASales',
    mutate: (b) => {
      b.meta = { current_page: 1 };
    },
    pointer: '/meta',
    keyword: 'type',
  },
  {
    name: 'a meta on B1',
    schema: 'MarketBProductSearchResponse',
    example: 'MarketBProductSearch',
    mutate: (b) => {
      b.meta = { page: 1 };
    },
    pointer: '/meta',
    keyword: 'type',
  },
  {
    name: 'no meta on A1',
    schema: 'MarketAProductSearchResponse',
    example: 'MarketAProductSearch',
    mutate: (b) => {
      delete b.meta;
    },
    pointer: '',
    keyword: 'required',
  },
  {
    name: 'B3 meta in the A1 shape',
    schema: 'MarketBSalesResponse',
    example: 'MarketBSales',
    mutate: (b) => {
      b.meta = { current_page: 1, per_page: 50, total: 2 };
    },
    pointer: '/meta',
    keyword: 'required',
  },
  {
    name: 'no data',
    schema: 'MarketADailySalesResponse',
    example: 'MarketADailySales',
    mutate: (b) => {
      delete b.data;
    },
    pointer: '',
    keyword: 'required',
  },
  {
    name: 'a daily date not at midnight (A)',
    schema: 'MarketADailySalesResponse',
    example: 'MarketADailySales',
    mutate: (b) => {
      b.data[0].date = '2026-02-06T05:00:00Z';
    },
    pointer: '/data/0/date',
    keyword: 'pattern',
  },
  {
    name: 'a daily date not at midnight (B)',
    schema: 'MarketBDailySalesResponse',
    example: 'MarketBDailySales',
    mutate: (b) => {
      b.data[0].date = '2026-02-06T00:00:01Z';
    },
    pointer: '/data/0/date',
    keyword: 'pattern',
  },
  {
    name: 'fractional orders',
    schema: 'MarketADailySalesResponse',
    example: 'MarketADailySales',
    mutate: (b) => {
      b.data[0].orders = 1.5;
    },
    pointer: '/data/0/orders',
    keyword: 'type',
  },
  {
    name: 'a $schema that is not a URL',
    schema: 'MarketAProductResponse',
    example: 'MarketAProduct',
    mutate: (b) => {
      b.$schema = 'MarketAProductResponse';
    },
    pointer: '/$schema',
    keyword: 'format',
  },
  {
    name: 'B images filled in search results',
    schema: 'MarketBProductSearchResponse',
    example: 'MarketBProductSearch',
    mutate: (b) => {
      b.data[0].images = ['https://img.example/1.png'];
    },
    pointer: '/data/0/images',
    keyword: 'type',
  },
  {
    name: 'B variants null in a lookup',
    schema: 'MarketBProductResponse',
    example: 'MarketBProduct',
    mutate: (b) => {
      b.data.variants = null;
    },
    pointer: '/data/variants',
    keyword: 'type',
  },
  {
    name: 'a null lowest_ask ("no asks" is 0)',
    schema: 'MarketAProductResponse',
    example: 'MarketAProductExpanded',
    mutate: (b) => {
      b.data.variants[0].lowest_ask = null;
    },
    pointer: '/data/variants/0/lowest_ask',
    keyword: 'type',
  },
  {
    name: 'a three-letter country code',
    schema: 'MarketAProductResponse',
    example: 'MarketAProduct',
    mutate: (b) => {
      b.data.country_of_manufacture = 'CHN';
    },
    pointer: '/data/country_of_manufacture',
    keyword: 'pattern',
  },
  {
    name: 'a sale variant_id that is not a UUID',
    schema: 'MarketASalesResponse',
    example: 'MarketASales',
    mutate: (b) => {
      b.data[0].variant_id = 'size-10';
    },
    pointer: '/data/0/variant_id',
    keyword: 'format',
  },
  {
    name: 'a problem without status',
    schema: 'ProblemDetails',
    example: 'NotFound',
    mutate: (b) => {
      delete b.status;
    },
    pointer: '',
    keyword: 'required',
  },
];

describe('invalid bodies are rejected for the right reason', () => {
  it.each(invalid)('$name', ({ schema, example: ex, mutate, pointer, keyword }) => {
    const body = example(ex);
    expect(validator.validateSchema(schema, body)).toEqual([]);
    mutate(body);
    const violations = validator.validateSchema(schema, body);
    expect(violations.map((v) => `${v.pointer} ${v.keyword}`)).toContain(`${pointer} ${keyword}`);
  });
});

describe('unknown members are accepted', () => {
  it.each([
    [
      'MarketAProductSearchResponse',
      'MarketAProductSearch',
      (b: any) => {
        b.meta.facets = { brand: { Jordan: 1 } };
        b.data[0].traits = [];
      },
    ],
    [
      'MarketAProductResponse',
      'MarketAProductExpanded',
      (b: any) => {
        b.data.variants[0].prices[0].ladder = [215, 220];
        b.data.nickname = 'Lost and Found';
      },
    ],
    [
      'MarketBProductResponse',
      'MarketBProduct',
      (b: any) => {
        b.data.nickname = 'Black White';
        b.data.variants[0].market = 'US';
      },
    ],
    [
      'MarketBSalesResponse',
      'MarketBSales',
      (b: any) => {
        b.meta.total = 2;
        b.data[0].order_id = 'x';
      },
    ],
  ] as const)('%s with extra members', (schema, ex, mutate) => {
    const body = example(ex);
    mutate(body);
    expect(validator.validateSchema(schema, body)).toEqual([]);
  });
});
