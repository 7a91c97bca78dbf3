Feature: Ingest RFP PDFs into a knowledge base
  An analyst ingests the PDFs of a tender into a local knowledge base. Every chunk keeps the
  physical page it comes from, re-ingesting is idempotent, and bad files never stop a batch.

  Scenario: Ingest the sample RFP
    Given an empty knowledge base "tender"
    When I ingest "data/sample_rfp.pdf" into "tender"
    Then the outcome of "sample_rfp.pdf" is "ingested"
    And the knowledge base "tender" lists "sample_rfp.pdf" with 12 pages
    And every chunk carries source, page_number, chunk_id, doc_id, chunk_index, category and kb
    And no chunk contains the running header "Riverton Regional Transit Authority - RFP RTA-2026-017"
    And no chunk contains the running footer "Page 3 of 12"

  Scenario: Re-ingest an unchanged file
    Given the sample RFP is ingested into "tender"
    When I ingest "data/sample_rfp.pdf" into "tender"
    Then the outcome of "sample_rfp.pdf" is "unchanged"
    And the chunk ids of "tender" are the same as before

  Scenario: A changed file replaces its old chunks
    Given the sample RFP is ingested into "tender" as "rfp.pdf"
    When "rfp.pdf" is replaced by a real RFP and ingested into "tender"
    Then the outcome of "rfp.pdf" is "replaced"
    And "tender" holds only the chunks of the new "rfp.pdf", with no duplicates

  Scenario: Bad files are reported and the others still ingest
    Given a folder with the sample RFP, an encrypted PDF, a truncated PDF, an empty PDF and a text file named "fake.pdf"
    When I ingest the folder into "tender"
    Then the outcome of "sample_rfp.pdf" is "ingested"
    And "encrypted.pdf" is skipped as "encrypted"
    And "truncated.pdf" is skipped as "corrupt"
    And "empty.pdf" is skipped as "empty"
    And "fake.pdf" is skipped as "not a PDF"
    And the batch exit code is 1
    And the summary names "encrypted.pdf", "truncated.pdf", "empty.pdf" and "fake.pdf"

  Scenario: Pages without a text layer are counted and reported
    Given a PDF "scanned.pdf" whose page 2 of 3 has no text layer
    When I ingest the folder into "tender"
    Then the outcome of "scanned.pdf" is "ingested"
    And the report says "1 of 3 pages have no text layer"
    And no chunk of "scanned.pdf" claims page 2

  Scenario: A scanned page is read by OCR and its text keeps its page
    Given a PDF "tdrs-extract.pdf" of pages 11 to 13 of "hhs-tdrs-draft-rfq.pdf" whose page 2 is a scan
    When I ingest the folder into "tender"
    Then the outcome of "tdrs-extract.pdf" is "ingested"
    And the report says "1 pages read by OCR (pages 2)"
    And the phrase "must include Login.gov user authentication" is stored in a chunk of "tdrs-extract.pdf" with page_number 2
    And the chunks of page 2 are marked as read by OCR and the others are not

  Scenario: Without Tesseract, scanned pages are reported with how to install it
    Given Tesseract is not installed
    And a PDF "tdrs-extract.pdf" of pages 11 to 13 of "hhs-tdrs-draft-rfq.pdf" whose page 2 is a scan
    And a PDF "all-scanned.pdf" of pages 12 to 12 of "hhs-tdrs-draft-rfq.pdf" whose page 1 is a scan
    When I ingest the folder into "tender"
    Then the outcome of "tdrs-extract.pdf" is "ingested"
    And the report says "1 of 3 pages have no text layer and were not read (pages 2; OCR did not run: Tesseract is not installed"
    And the report says "apt-get install tesseract-ocr tesseract-ocr-eng tesseract-ocr-spa"
    And no chunk of "tdrs-extract.pdf" claims page 2
    And "all-scanned.pdf" is skipped as "no text layer"

  Scenario Outline: A phrase is stored with the page it is on
    Given the file "<file>" is ingested into "tender"
    Then the phrase "<phrase>" is stored in a chunk of "<name>" with page_number <page>

    Examples:
      | file                                        | name                          | phrase                                   | page |
      | data/sample_rfp.pdf                         | sample_rfp.pdf                | liquidated damages of USD 1,500          | 9    |
      | data/sample_rfp.pdf                         | sample_rfp.pdf                | 99.95% monthly availability              | 4    |
      | ../shared/data/rfps/gsa-cloudgov-support-pws.pdf  | gsa-cloudgov-support-pws.pdf  | using OWASP ZAP and Nessus               | 4    |
      | ../shared/data/rfps/gsa-cloudgov-support-qasp.pdf | gsa-cloudgov-support-qasp.pdf | 99.99%                                   | 6    |

  Scenario: An interrupted ingest leaves nothing visible and a rerun completes it
    Given the file "../shared/data/rfps/gsa-cloudgov-support-pws.pdf" is ingested into "tender"
    And the store fails after writing the first batch of chunks
    When I ingest "data/sample_rfp.pdf" into "tender"
    Then the outcome of "sample_rfp.pdf" is "failed"
    And the knowledge base "tender" does not list "sample_rfp.pdf"
    And "tender" physically holds chunks of "sample_rfp.pdf" but retrieval never returns them
    When the store works again and I ingest "data/sample_rfp.pdf" into "tender"
    Then the outcome of "sample_rfp.pdf" is "ingested"
    And "tender" holds exactly the chunks of one clean ingest of "sample_rfp.pdf"
