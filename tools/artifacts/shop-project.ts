/**
 * `shop`: the project's own small dbt project for DuckDB, as a description the
 * manifest writer turns into artifacts. Sources raw.customers / raw.orders /
 * raw.payments (freshness on `_loaded_at`), a seed, three staging views, an
 * ephemeral model, three table marts (one hook-free with an enforced
 * contract, one with a post-hook that reads `target.name`), an incremental
 * model, generic tests on models and a source, and a unit test.
 *
 * Two versions of the code: `main` (what prod runs) and `pr-7` (a pull
 * request that changes the logic of stg_orders and only reformats customers).
 * The raw data is the same for both.
 */
import { xorshift32 } from "../seeded-random.js";
import { DBT_CORE_MACROS, DBT_DUCKDB_MACROS } from "./dbt-macros.js";
import type {
  ColumnSpec,
  DataTestSpec,
  MacroSpec,
  ModelSpec,
  ProjectSpec,
  SeedSpec,
  SourceSpec,
  UnitTestSpec,
} from "./project-spec.js";

export const SHOP_PROJECT_NAME = "shop";
/** The DuckDB database: the file `shop.duckdb`, attached under its stem. */
export const SHOP_DATABASE = "shop";
export const SHOP_RAW_SCHEMA = "raw";

export type ShopVersion = "main" | "pr-7";

// =================================================================== raw data

function pad(n: number): string {
  return String(n).padStart(2, "0");
}

function csv(header: string[], rows: (string | number)[][]): string {
  return `${[header.join(","), ...rows.map((row) => row.join(","))].join("\n")}\n`;
}

const FIRST_NAMES = [
  "Ana",
  "Bruno",
  "Carla",
  "Daniel",
  "Eva",
  "Filipe",
  "Greta",
  "Hugo",
  "Ines",
  "Jonas",
  "Keiko",
  "Luis",
  "Marta",
  "Nils",
  "Olga",
  "Pedro",
  "Quinn",
  "Rita",
  "Sven",
  "Tania",
  "Ugo",
  "Vera",
  "Wim",
  "Yara",
];
const LAST_NAMES = [
  "Silva",
  "Costa",
  "Weber",
  "Martin",
  "Garcia",
  "Moreau",
  "Schmidt",
  "Santos",
  "Tanaka",
  "Smith",
  "Brown",
  "Lopez",
  "Dubois",
  "Fischer",
  "Sato",
  "Oliveira",
];
const COUNTRY_CODES: [code: string, name: string, region: string][] = [
  ["BR", "Brazil", "South America"],
  ["CA", "Canada", "North America"],
  ["DE", "Germany", "Europe"],
  ["ES", "Spain", "Europe"],
  ["FR", "France", "Europe"],
  ["JP", "Japan", "Asia"],
  ["PT", "Portugal", "Europe"],
  ["US", "United States", "North America"],
];

/** Raw data as CSV: what the loader put in schema `raw` and the seed file. */
export interface ShopData {
  customers: string;
  orders: string;
  payments: string;
  countryCodes: string;
}

function makeShopData(): ShopData {
  const random = xorshift32(20261130);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

  // Customers: mixed-case emails and country codes (staging normalises them); one unknown code.
  const customerRows: (string | number)[][] = [];
  const customerCount = 24;
  for (let id = 1; id <= customerCount; id++) {
    const first = FIRST_NAMES[id - 1]!;
    const last = pick(LAST_NAMES);
    const country = id === 17 ? "xx" : pick(COUNTRY_CODES)[0];
    const code = id % 5 === 0 ? country.toLowerCase() : country;
    const email =
      id % 3 === 0
        ? `${first}.${last}@Example.com`
        : `${first.toLowerCase()}.${last.toLowerCase()}@example.com`;
    const month = 1 + Math.floor(((id - 1) * 10) / customerCount);
    const day = 1 + Math.floor(random() * 27);
    // Loaded in two batches: the older customers on the 15th, the newest this morning.
    const loadedAt = id <= 20 ? "2026-11-15 05:00:00" : "2026-11-30 05:00:00";
    customerRows.push([id, first, last, email, code, `2026-${pad(month)}-${pad(day)}`, loadedAt]);
  }

  // Orders in November; statuses skewed towards completed, a few returns pending.
  const statuses = [
    "completed",
    "completed",
    "completed",
    "completed",
    "shipped",
    "shipped",
    "placed",
    "returned",
    "return_pending",
  ];
  const orderRows: (string | number)[][] = [];
  const orderCount = 40;
  const orderDates: string[] = [];
  for (let id = 1; id <= orderCount; id++) {
    const day = 1 + Math.floor(((id - 1) * 29) / orderCount);
    const date = `2026-11-${pad(day)}`;
    orderDates.push(date);
    const customer = 1 + Math.floor(random() * customerCount);
    const picked = pick(statuses);
    // A few returns are pending: what PR 7 starts to count as returned.
    const status = id >= 37 ? "placed" : id % 11 === 5 ? "return_pending" : picked;
    // Orders land in the warehouse the morning after they are placed; the last batch at 06:00 today.
    const loadedAt = day >= 29 ? "2026-11-30 06:00:00" : `2026-11-${pad(day + 1)} 06:00:00`;
    orderRows.push([id, customer, date, status, loadedAt]);
  }

  // One payment per order, a gift card on top for every seventh; the newest placed orders are unpaid.
  const methods = ["credit_card", "credit_card", "credit_card", "bank_transfer", "coupon"];
  const paymentRows: (string | number)[][] = [];
  let paymentId = 1;
  for (let order = 1; order <= orderCount; order++) {
    if (order >= 39) continue;
    const day = Number(orderDates[order - 1]!.slice(-2));
    const loadedAt = day >= 27 ? "2026-11-29 17:30:00" : `2026-11-${pad(day + 1)} 17:30:00`;
    const amount = 500 + Math.floor(random() * 95) * 100 + (order % 4) * 25;
    paymentRows.push([paymentId++, order, pick(methods), amount, loadedAt]);
    if (order % 7 === 0) paymentRows.push([paymentId++, order, "gift_card", 1000, loadedAt]);
  }

  return {
    customers: csv(
      ["customer_id", "first_name", "last_name", "email", "country_code", "signup_date", "_loaded_at"],
      customerRows,
    ),
    orders: csv(["order_id", "customer_id", "order_date", "status", "_loaded_at"], orderRows),
    payments: csv(["payment_id", "order_id", "payment_method", "amount_cents", "_loaded_at"], paymentRows),
    countryCodes: csv(
      ["country_code", "country_name", "region"],
      COUNTRY_CODES.map((row) => [...row]),
    ),
  };
}

export const SHOP_DATA: ShopData = makeShopData();

// =================================================================== project code

const col = (
  name: string,
  type: string,
  description?: string,
  extra: Partial<ColumnSpec> = {},
): ColumnSpec => ({
  name,
  type,
  ...(description === undefined ? {} : { description }),
  ...extra,
});

const ORDER_STATUS_DOC = `One of the following values:

| status         | meaning                                                   |
|----------------|-----------------------------------------------------------|
| placed         | The order was placed and has not shipped yet              |
| shipped        | The order left the warehouse                              |
| completed      | The customer received the order                           |
| return_pending | The customer asked to return the order; not yet received  |
| returned       | The returned order arrived back at the warehouse          |`;

const SOURCES: SourceSpec[] = [
  {
    sourceName: "raw",
    schema: SHOP_RAW_SCHEMA,
    ymlPath: "models/staging/_sources.yml",
    description: "Tables the shop's loader copies from the operational database every morning.",
    loader: "csv",
    loadedAtField: "_loaded_at",
    freshness: {
      warnAfter: { count: 12, period: "hour" },
      errorAfter: { count: 24, period: "hour" },
    },
    tables: [
      {
        name: "customers",
        description: "One row per customer account.",
        columns: [
          col("customer_id", "INTEGER", "The customer's id in the shop."),
          col("first_name", "VARCHAR"),
          col("last_name", "VARCHAR"),
          col("email", "VARCHAR", "As typed by the customer (mixed case)."),
          col("country_code", "VARCHAR", "ISO 3166 alpha-2, not always upper case."),
          col("signup_date", "DATE"),
          col("_loaded_at", "TIMESTAMP", "When the loader wrote the row."),
        ],
        csv: SHOP_DATA.customers,
      },
      {
        name: "orders",
        description: "One row per order.",
        columns: [
          col("order_id", "INTEGER", "The order's id in the shop."),
          col("customer_id", "INTEGER"),
          col("order_date", "DATE"),
          col("status", "VARCHAR"),
          col("_loaded_at", "TIMESTAMP", "When the loader wrote the row."),
        ],
        csv: SHOP_DATA.orders,
      },
      {
        name: "payments",
        description: "One row per payment; an order can have several.",
        columns: [
          col("payment_id", "INTEGER", "The payment's id."),
          col("order_id", "INTEGER"),
          col("payment_method", "VARCHAR"),
          col("amount_cents", "INTEGER", "Amount in cents."),
          col("_loaded_at", "TIMESTAMP", "When the loader wrote the row."),
        ],
        csv: SHOP_DATA.payments,
      },
    ],
  },
];

const SEEDS: SeedSpec[] = [
  {
    name: "country_codes",
    path: "country_codes.csv",
    ymlPath: "seeds/_seeds.yml",
    description: "ISO 3166 country codes with their name and region.",
    columns: [
      col("country_code", "VARCHAR", "ISO 3166 alpha-2 code, upper case."),
      col("country_name", "VARCHAR"),
      col("region", "VARCHAR"),
    ],
    csv: SHOP_DATA.countryCodes,
  },
];

const STG_CUSTOMERS = `with source as (

    select * from {{ source('raw', 'customers') }}

),

renamed as (

    select
        customer_id,
        first_name,
        last_name,
        lower(email) as email,
        upper(country_code) as country_code,
        signup_date
    from source

)

select * from renamed
`;

/** `returnedCondition` is what the pull request changes. */
const stgOrders = (returnedCondition: string): string => `with source as (

    select * from {{ source('raw', 'orders') }}

),

renamed as (

    select
        order_id,
        customer_id,
        order_date,
        status,
        case
            when ${returnedCondition} then true
            else false
        end as is_returned
    from source

)

select * from renamed
`;

const STG_PAYMENTS = `with source as (

    select * from {{ source('raw', 'payments') }}

),

renamed as (

    select
        payment_id,
        order_id,
        payment_method,
        {{ cents_to_dollars('amount_cents') }} as amount
    from source

)

select * from renamed
`;

const INT_ORDER_PAYMENTS = `{{ config(materialized='ephemeral') }}

select
    order_id,
    count(*) as payment_count,
    sum(amount) as total_amount,
    sum(case when payment_method = 'gift_card' then amount else 0 end) as gift_card_amount
from {{ ref('stg_payments') }}
group by order_id
`;

const ORDERS = `with orders as (

    select * from {{ ref('stg_orders') }}

),

payments as (

    select * from {{ ref('int_order_payments') }}

),

final as (

    select
        orders.order_id,
        orders.customer_id,
        orders.order_date,
        orders.status,
        orders.is_returned,
        coalesce(payments.payment_count, 0) as payment_count,
        coalesce(payments.total_amount, 0) as amount,
        coalesce(payments.gift_card_amount, 0) as gift_card_amount
    from orders
    left join payments
        on orders.order_id = payments.order_id

)

select * from final
`;

const CUSTOMERS_MAIN = `{{ config(materialized='table') }}

with customers as (

    select * from {{ ref('stg_customers') }}

),

countries as (

    select * from {{ ref('country_codes') }}

),

final as (

    select
        customers.customer_id,
        customers.first_name,
        customers.last_name,
        customers.email,
        customers.signup_date,
        countries.country_name,
        countries.region
    from customers
    left join countries
        on customers.country_code = countries.country_code

)

select * from final
`;

/** The pull request's customers.sql: comments and whitespace only, the same tokens. */
const CUSTOMERS_PR = `{{ config(materialized='table') }}

-- One row per customer, with the name and region of their country.
with customers as (
    select * from {{ ref('stg_customers') }}
),

countries as (
    select * from {{ ref('country_codes') }}
),

final as (
    select
        customers.customer_id,
        customers.first_name,
        customers.last_name,
        customers.email,
        customers.signup_date,
        countries.country_name,  -- null when the country code is unknown
        countries.region
    from customers
    left join countries on customers.country_code = countries.country_code
)

select * from final
`;

/** The hook's SQL renders to `select 1` on the prod target and to nothing elsewhere. */
export const CUSTOMER_COUNTRIES_POST_HOOK = "{% if target.name == 'prod' %}select 1{% endif %}";

const CUSTOMER_COUNTRIES = `{{
    config(
        post_hook="${CUSTOMER_COUNTRIES_POST_HOOK}"
    )
}}

select
    country_name,
    region,
    count(*) as customer_count
from {{ ref('customers') }}
group by country_name, region
`;

const FCT_DAILY_REVENUE = `{{
    config(
        materialized='incremental',
        unique_key='order_date',
        incremental_strategy='delete+insert',
        tags=['finance']
    )
}}

select
    order_date,
    count(*) as order_count,
    sum(amount) as revenue
from {{ ref('orders') }}
where not is_returned
{% if is_incremental() %}
    and order_date >= (select max(order_date) from {{ this }})
{% endif %}
group by order_date
`;

function models(version: ShopVersion): ModelSpec[] {
  const staging = { materialized: "view" as const, tags: ["staging"] };
  return [
    {
      name: "stg_customers",
      path: "staging/stg_customers.sql",
      ymlPath: "models/staging/_staging.yml",
      description: "Customers with normalised email and country code.",
      rawCode: STG_CUSTOMERS,
      config: staging,
      columns: [
        col("customer_id", "INTEGER", "The customer's id."),
        col("first_name", "VARCHAR"),
        col("last_name", "VARCHAR"),
        col("email", "VARCHAR", "Lower case."),
        col("country_code", "VARCHAR", "Upper case."),
        col("signup_date", "DATE"),
      ],
    },
    {
      name: "stg_orders",
      path: "staging/stg_orders.sql",
      ymlPath: "models/staging/_staging.yml",
      description: "Orders with a flag for returns.",
      rawCode: stgOrders(
        version === "main" ? "status = 'returned'" : "status in ('returned', 'return_pending')",
      ),
      config: staging,
      columns: [
        col("order_id", "INTEGER", "The order's id."),
        col("customer_id", "INTEGER"),
        col("order_date", "DATE"),
        col("status", "VARCHAR", ORDER_STATUS_DOC, { docBlocks: ["doc.shop.order_status"] }),
        col("is_returned", "BOOLEAN", "The order counts as returned."),
      ],
    },
    {
      name: "stg_payments",
      path: "staging/stg_payments.sql",
      ymlPath: "models/staging/_staging.yml",
      description: "Payments in dollars.",
      rawCode: STG_PAYMENTS,
      config: staging,
      columns: [
        col("payment_id", "INTEGER", "The payment's id."),
        col("order_id", "INTEGER"),
        col("payment_method", "VARCHAR"),
        col("amount", "DECIMAL(16,2)", "Amount in dollars."),
      ],
    },
    {
      name: "int_order_payments",
      path: "intermediate/int_order_payments.sql",
      description: "",
      rawCode: INT_ORDER_PAYMENTS,
      config: { materialized: "ephemeral" },
      columns: [
        col("order_id", "INTEGER"),
        col("payment_count", "BIGINT"),
        col("total_amount", "DECIMAL(38,2)"),
        col("gift_card_amount", "DECIMAL(38,2)"),
      ],
    },
    {
      name: "orders",
      path: "marts/orders.sql",
      ymlPath: "models/marts/_marts.yml",
      description: "One row per order with what was paid for it.",
      rawCode: ORDERS,
      config: { materialized: "table" },
      columns: [
        col("order_id", "INTEGER", "The order's id."),
        col("customer_id", "INTEGER", "The customer who placed the order."),
        col("order_date", "DATE"),
        col("status", "VARCHAR"),
        col("is_returned", "BOOLEAN"),
        col("payment_count", "BIGINT"),
        col("amount", "DECIMAL(38,2)", "Total paid, in dollars."),
        col("gift_card_amount", "DECIMAL(38,2)", "Part of the amount paid with gift cards."),
      ],
    },
    {
      name: "customers",
      path: "marts/customers.sql",
      ymlPath: "models/marts/_marts.yml",
      description: "One row per customer, with their country. Contract enforced.",
      rawCode: version === "main" ? CUSTOMERS_MAIN : CUSTOMERS_PR,
      config: { materialized: "table", contract: { enforced: true } },
      columns: [
        col("customer_id", "INTEGER", "The customer's id.", { dataType: "integer" }),
        col("first_name", "VARCHAR", "", { dataType: "varchar" }),
        col("last_name", "VARCHAR", "", { dataType: "varchar" }),
        col("email", "VARCHAR", "", { dataType: "varchar" }),
        col("signup_date", "DATE", "", { dataType: "date" }),
        col("country_name", "VARCHAR", "Null when the country code is unknown.", { dataType: "varchar" }),
        col("region", "VARCHAR", "", { dataType: "varchar" }),
      ],
    },
    {
      name: "customer_countries",
      path: "marts/customer_countries.sql",
      ymlPath: "models/marts/_marts.yml",
      description: "Customers per country. Its post-hook runs only on the prod target.",
      rawCode: CUSTOMER_COUNTRIES,
      config: { materialized: "table", postHook: [{ sql: CUSTOMER_COUNTRIES_POST_HOOK }] },
      columns: [
        col("country_name", "VARCHAR"),
        col("region", "VARCHAR"),
        col("customer_count", "BIGINT", "Number of customers."),
      ],
    },
    {
      name: "fct_daily_revenue",
      path: "marts/fct_daily_revenue.sql",
      ymlPath: "models/marts/_marts.yml",
      description: "Revenue per day from orders that were not returned. Incremental.",
      rawCode: FCT_DAILY_REVENUE,
      config: {
        materialized: "incremental",
        uniqueKey: "order_date",
        incrementalStrategy: "delete+insert",
        tags: ["finance"],
      },
      columns: [
        col("order_date", "DATE", "The day."),
        col("order_count", "BIGINT"),
        col("revenue", "DECIMAL(38,2)", "Dollars."),
      ],
    },
  ];
}

const TESTS: DataTestSpec[] = [
  {
    kind: "not_null",
    on: { source: ["raw", "orders"] },
    column: "order_id",
    ymlPath: "models/staging/_sources.yml",
  },
  {
    kind: "accepted_values",
    on: { model: "stg_orders" },
    column: "status",
    values: ["placed", "shipped", "completed", "return_pending", "returned"],
    ymlPath: "models/staging/_staging.yml",
  },
  { kind: "not_null", on: { model: "orders" }, column: "order_id", ymlPath: "models/marts/_marts.yml" },
  { kind: "unique", on: { model: "orders" }, column: "order_id", ymlPath: "models/marts/_marts.yml" },
  {
    kind: "relationships",
    on: { model: "orders" },
    column: "customer_id",
    to: "customers",
    field: "customer_id",
    ymlPath: "models/marts/_marts.yml",
  },
  { kind: "not_null", on: { model: "customers" }, column: "customer_id", ymlPath: "models/marts/_marts.yml" },
  { kind: "unique", on: { model: "customers" }, column: "customer_id", ymlPath: "models/marts/_marts.yml" },
];

const UNIT_TESTS: UnitTestSpec[] = [
  {
    name: "test_is_returned_flag",
    model: "stg_orders",
    ymlPath: "models/staging/_staging.yml",
    description: "Returned orders are flagged; completed and shipped ones are not.",
    given: [
      {
        input: "source('raw', 'orders')",
        rows: [
          { order_id: 1, status: "completed" },
          { order_id: 2, status: "returned" },
          { order_id: 3, status: "shipped" },
        ],
      },
    ],
    expect: {
      rows: [
        { order_id: 1, is_returned: false },
        { order_id: 2, is_returned: true },
        { order_id: 3, is_returned: false },
      ],
    },
  },
];

const PROJECT_MACROS: MacroSpec[] = [
  {
    name: "cents_to_dollars",
    packageName: SHOP_PROJECT_NAME,
    path: "macros/cents_to_dollars.sql",
    dependsOn: [`macro.${SHOP_PROJECT_NAME}.default__cents_to_dollars`],
    macroSql: `{% macro cents_to_dollars(column_name) -%}
    {{ return(adapter.dispatch('cents_to_dollars')(column_name)) }}
{%- endmacro %}`,
    description: "Converts an amount in cents to dollars, as a decimal with two places.",
    arguments: [{ name: "column_name", type: "string", description: "The column holding cents." }],
    patchPath: `${SHOP_PROJECT_NAME}://macros/_macros.yml`,
    expand: (args) => `(${String(args[0])} / 100)::numeric(16, 2)`,
  },
  {
    name: "default__cents_to_dollars",
    packageName: SHOP_PROJECT_NAME,
    path: "macros/cents_to_dollars.sql",
    dependsOn: [],
    macroSql: `{% macro default__cents_to_dollars(column_name) -%}
    ({{ column_name }} / 100)::numeric(16, 2)
{%- endmacro %}`,
  },
];

/** The shop project at `version`: `main` (prod) or `pr-7` (the pull request's code). */
export function shopProject(version: ShopVersion): ProjectSpec {
  return {
    name: SHOP_PROJECT_NAME,
    sources: SOURCES,
    seeds: SEEDS,
    models: models(version),
    tests: TESTS,
    unitTests: UNIT_TESTS,
    macros: PROJECT_MACROS,
    builtinMacros: [...DBT_DUCKDB_MACROS, ...DBT_CORE_MACROS],
    docs: [{ name: "order_status", path: "staging/docs.md", contents: ORDER_STATUS_DOC }],
  };
}
