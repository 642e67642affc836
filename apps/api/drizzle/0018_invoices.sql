CREATE TABLE "invoice_counters" (
	"series" text NOT NULL,
	"financial_year" text NOT NULL,
	"last_serial" integer NOT NULL,
	CONSTRAINT "invoice_counters_series_financial_year_pk" PRIMARY KEY("series","financial_year"),
	CONSTRAINT "invoice_counters_serial_check" CHECK ("invoice_counters"."last_serial" > 0)
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"invoice_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"description" text NOT NULL,
	"hsn_sac" text,
	"quantity" numeric(12, 3) NOT NULL,
	"unit" text NOT NULL,
	"taxable_paise" integer NOT NULL,
	"tax_rate_bps" integer NOT NULL,
	"cgst_paise" integer NOT NULL,
	"sgst_paise" integer NOT NULL,
	"igst_paise" integer NOT NULL,
	"total_paise" integer NOT NULL,
	CONSTRAINT "invoice_lines_invoice_id_position_pk" PRIMARY KEY("invoice_id","position"),
	CONSTRAINT "invoice_lines_amounts_check" CHECK ("invoice_lines"."taxable_paise" >= 0 and "invoice_lines"."cgst_paise" >= 0 and "invoice_lines"."sgst_paise" >= 0 and "invoice_lines"."igst_paise" >= 0 and "invoice_lines"."total_paise" >= 0),
	CONSTRAINT "invoice_lines_totals_check" CHECK ("invoice_lines"."taxable_paise" + "invoice_lines"."cgst_paise" + "invoice_lines"."sgst_paise" + "invoice_lines"."igst_paise" = "invoice_lines"."total_paise"),
	CONSTRAINT "invoice_lines_rate_check" CHECK ("invoice_lines"."tax_rate_bps" >= 0 and "invoice_lines"."tax_rate_bps" <= 10000)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"series" text NOT NULL,
	"financial_year" text NOT NULL,
	"serial" integer NOT NULL,
	"number" text NOT NULL,
	"payment_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"request_id" integer,
	"corrects_invoice_id" integer,
	"customer_name" text NOT NULL,
	"customer_address" text,
	"customer_phone" text,
	"customer_gstin" text,
	"supplier_legal_name" text NOT NULL,
	"supplier_address" text,
	"supplier_gstin" text,
	"supplier_state_code" text NOT NULL,
	"supplier_state_name" text NOT NULL,
	"place_of_supply_code" text NOT NULL,
	"place_of_supply_name" text NOT NULL,
	"taxable_paise" integer NOT NULL,
	"cgst_paise" integer NOT NULL,
	"sgst_paise" integer NOT NULL,
	"igst_paise" integer NOT NULL,
	"total_paise" integer NOT NULL,
	"amount_in_words" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_kind_check" CHECK ("invoices"."kind" in ('receipt', 'tax_invoice', 'credit_note')),
	CONSTRAINT "invoices_serial_check" CHECK ("invoices"."serial" > 0),
	CONSTRAINT "invoices_amounts_check" CHECK ("invoices"."taxable_paise" >= 0 and "invoices"."cgst_paise" >= 0 and "invoices"."sgst_paise" >= 0 and "invoices"."igst_paise" >= 0 and "invoices"."total_paise" > 0),
	CONSTRAINT "invoices_totals_check" CHECK ("invoices"."taxable_paise" + "invoices"."cgst_paise" + "invoices"."sgst_paise" + "invoices"."igst_paise" = "invoices"."total_paise"),
	CONSTRAINT "invoices_tax_heads_check" CHECK ("invoices"."igst_paise" = 0 or ("invoices"."cgst_paise" = 0 and "invoices"."sgst_paise" = 0)),
	CONSTRAINT "invoices_receipt_tax_check" CHECK ("invoices"."kind" <> 'receipt' or ("invoices"."cgst_paise" = 0 and "invoices"."sgst_paise" = 0 and "invoices"."igst_paise" = 0)),
	CONSTRAINT "invoices_corrects_check" CHECK (("invoices"."kind" = 'credit_note') = ("invoices"."corrects_invoice_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_corrects_invoice_id_invoices_id_fk" FOREIGN KEY ("corrects_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_series_serial_key" ON "invoices" USING btree ("series","financial_year","serial");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_per_payment" ON "invoices" USING btree ("payment_id") WHERE "invoices"."kind" <> 'credit_note';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_credit_note" ON "invoices" USING btree ("corrects_invoice_id") WHERE "invoices"."corrects_invoice_id" is not null;--> statement-breakpoint
CREATE INDEX "invoices_issued_idx" ON "invoices" USING btree ("issued_at");--> statement-breakpoint
CREATE INDEX "invoices_task_idx" ON "invoices" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "invoices_request_idx" ON "invoices" USING btree ("request_id");