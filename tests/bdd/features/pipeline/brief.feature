Feature: RFP brief (offline)
  A bid team reads the brief first: who buys what, dates, submission, evaluation, money,
  penalties and risks. Every value cites the page that states it, or says the documents do
  not state it. "sample" holds the project's sample RFP, "real" two real GSA documents (the
  cloud.gov PWS and QASP); "hawaii" a real state RFP from the held-out folder.

  Scenario Outline: A field states its fact and cites its page
    When I brief "<kb>"
    Then the field "<field>" says "<phrase>"
    And the field "<field>" cites "<file>" page <page>

    Examples:
      | kb     | field         | phrase                     | file                                   | page |
      | sample | proposals_due | April 10, 2026             | sample_rfp.pdf                         | 1    |
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
