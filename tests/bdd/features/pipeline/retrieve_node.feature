Feature: The retrieve node (context-retriever skill)
  Agents retrieve the chunks that answer a question, with similarity or MMR, validated
  metadata filters and a confidence threshold; every result cites file, page and chunk.
  "sample" holds the project's sample RFP; "real" holds two real GSA solicitation PDFs.

  Scenario Outline: Standard similarity search finds the right page
    When I retrieve "<query>" from "<kb>" with {"top_k": 4}
    Then I get 4 results ordered by relevance
    And the first result cites "<file>" page <page>
    And every result carries page_number, source_file and chunk_id

    Examples:
      | kb     | query                                                  | file                          | page |
      | sample | liquidated damages per calendar day of delay           | sample_rfp.pdf                | 9    |
      | sample | commercial general liability insurance limits         | sample_rfp.pdf                | 8    |
      | real   | scan platform components monthly with OWASP ZAP and Nessus | gsa-cloudgov-support-pws.pdf | 4    |

  Scenario: MMR returns fewer near-duplicates than similarity
    Given a knowledge base "dups" holding the sample RFP and five near-copies of its liquidated damages clause
    When I retrieve "contractor shall pay liquidated damages per calendar day of delay" from "dups" with {"top_k": 4}
    And I retrieve "contractor shall pay liquidated damages per calendar day of delay" from "dups" with {"top_k": 4, "search_type": "mmr", "lambda_mult": 0.3}
    Then the MMR results hold fewer near-duplicate pairs than the similarity results
    And the MMR results carry relevance scores and their MMR pick order

  Scenario: Filter by source
    When I retrieve "acceptable quality level" from "real" with {"top_k": 5, "metadata_filter": {"source": "gsa-cloudgov-support-qasp.pdf"}}
    Then every result comes from "gsa-cloudgov-support-qasp.pdf"

  Scenario: Filter pages after a page with $gt
    When I retrieve "price schedule" from "sample" with {"top_k": 5, "metadata_filter": {"page": {"$gt": 10}}}
    Then every result is on a page between 11 and 12

  Scenario: Filter a page range with $gte and $lte
    When I retrieve "termination" from "sample" with {"top_k": 10, "metadata_filter": {"source": "sample_rfp.pdf", "page": {"$gte": 5, "$lte": 8}}}
    Then every result is on a page between 5 and 8
    And every page from 5 to 8 appears in the results

  Scenario: Case-insensitive $contains on the source name
    When I retrieve "uptime" from "real" with {"top_k": 5, "metadata_filter": {"source_file": {"$contains": "QASP"}}}
    Then every result comes from "gsa-cloudgov-support-qasp.pdf"

  Scenario: Combined filters with $or, $contains and a page bound
    When I retrieve "contractor" from "real" with {"top_k": 50, "metadata_filter": {"$or": [{"source": {"$contains": "pws"}}, {"category": "financial"}], "page": {"$lte": 3}}}
    Then every result matches the filter when checked by hand
    And the results equal a brute-force evaluation of the filter over every chunk

  Scenario: A threshold discards low scores and warns
    When I retrieve "liquidated damages" from "sample" with {"top_k": 4, "score_threshold": 0.99}
    Then I get 0 results ordered by relevance
    And the warning says "no result reached 0.99; best was"
    And total_found is 4

  Scenario: A partial threshold keeps only results above it
    When I retrieve "insurance coverage" from "sample" with {"top_k": 8, "score_threshold": 0.3}
    Then every result scores at least 0.3
    And the warning says "below the threshold 0.30"

  Scenario Outline: k out of bounds is rejected before any query runs
    When I try to retrieve "insurance" from "sample" with {"top_k": <k>}
    Then it fails with InvalidRetrievalInputError mentioning "top_k"
    And no query reached the store and nothing was embedded

    Examples:
      | k  |
      | 0  |
      | 51 |

  Scenario: An unknown operator is rejected before any query runs
    When I try to retrieve "insurance" from "sample" with {"metadata_filter": {"page": {"$regex": "1.*"}}}
    Then it fails with InvalidFilterError mentioning "$regex"
    And no query reached the store and nothing was embedded

  Scenario: An empty knowledge base raises IndexEmptyError
    Given an empty store
    When I try to retrieve "insurance" from "nothing" with {}
    Then it fails with IndexEmptyError mentioning "rfp ingest"

  Scenario Outline: Results are always ordered by relevance
    When I retrieve "<query>" from "<kb>" with {"top_k": 12, "search_type": "<type>"}
    Then I get 12 results ordered by relevance

    Examples:
      | kb     | query                          | type       |
      | sample | payment terms and invoices     | similarity |
      | sample | payment terms and invoices     | mmr        |
      | real   | performance standards and AQLs | mmr        |
