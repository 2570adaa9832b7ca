-- The web app's OAuth client: public (no secret, the SPA cannot keep one), first-party, and the
-- only client allowed the password grant (DESIGN 11). Further clients are managed in /admin/clients.
INSERT INTO "oauth_clients" ("id", "name", "secret_hash", "first_party", "grant_types")
VALUES ('parity-web', 'Parity web app', NULL, true, ARRAY['password', 'refresh_token']::text[])
ON CONFLICT ("id") DO NOTHING;
