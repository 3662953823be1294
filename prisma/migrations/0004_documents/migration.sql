-- Documents (spec 2.9, 4.17): one stored document per policy, type and version, so a document job
-- that runs twice stores it once. Offers are rendered on request, each state of a quote once: the
-- same content (same sha256) is not stored again.
CREATE UNIQUE INDEX "Document_policy_type_version_key" ON "Document"("policyId", "type", "policyVersion")
  WHERE "type" <> 'quote-offer';
CREATE UNIQUE INDEX "Document_offer_content_key" ON "Document"("policyId", "type", "sha256")
  WHERE "type" = 'quote-offer';
