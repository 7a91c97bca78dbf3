Feature: RFP brief (offline)
  A bid team reads the brief first: who buys what, dates, submission, evaluation, money,
  penalties and risks. Every value cites the page that states it, or says the documents do
  not state it. "sample" holds the project's sample RFP, "real" two real GSA documents (the
  cloud.gov PWS and QASP); "hawaii" a real state RFP from the held-out folder; "taxcourt"
  the Tax Court RFQ and its amendment (questions and answers that rewrite some of its text).

  Scenario Outline: A field states its fact and cites its page
    When I brief "<kb>"
    Then the field "<field>" says "<phrase>"
    And the field "<field>" cites "<file>" page <page>

    Examples:
      | kb     | field         | phrase                     | file                                   | page |
      | sample | proposals_due | April 10, 2026             | sample_rfp.pdf                         | 1    |
      | sample | award         | July 1, 2026               | sample_rfp.pdf                         | 1    |
      | sample | penalties     | USD 1,500 per calendar day | sample_rfp.pdf                         | 9    |
      | sample | evaluation    | best-value basis           | sample_rfp.pdf                         | 11   |
      | hawaii | solicitation  | RFP-26-001-HTDC            | hawaii-htdc-business-consultant-rfp.pdf | 1    |
      | hawaii | payment_terms | thirty (30) calendar days  | hawaii-htdc-business-consultant-rfp.pdf | 18   |
      | real   | issuer        | General Services Administration | gsa-cloudgov-support-pws.pdf      | 1    |

  Scenario Outline: A field the documents are silent on is not stated
    When I brief "<kb>"
    Then the field "<field>" is not stated and cites nothing

    Examples:
      | kb     | field      |
      | sample | site_visit |
      | real   | insurance  |

  Scenario: Every risk cites the clause that makes it
    When I brief "sample"
    Then the brief lists the risk "liquidated_damages" on "sample_rfp.pdf" page 9
    And every risk and value marker maps to a citation of the brief

  Scenario: An amendment lists the requirements it changes, now and before, each cited
    When I brief "taxcourt"
    Then "ustaxcourt-ef-cms-rfq-amendment.pdf" amends "ustaxcourt-ef-cms-rfq.pdf"
    And a change says "no more than 30 pages" on "ustaxcourt-ef-cms-rfq-amendment.pdf" page 1
    And that change was "user research plans and design artifacts" on "ustaxcourt-ef-cms-rfq.pdf" page 15
