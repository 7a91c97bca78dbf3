Feature: Compliance matrix
  The matrix lists every requirement (shall, must, is required to... and should, may) of a
  knowledge base's documents, each with its strength, section, file and page; statements of
  information are not rows. "sample" holds the sample RFP, "real" two real GSA documents,
  "hawaii" a real state RFP from the held-out folder.

  Scenario Outline: A requirement is a row on its page, under its section
    When I build the compliance matrix of "<kb>"
    Then a "<strength>" row on "<file>" page <page> reads "<phrase>"

    Examples:
      | kb     | strength  | file                                    | page | phrase                                                  |
      | sample | mandatory | sample_rfp.pdf                          | 9    | shall pay liquidated damages of USD 1,500               |
      | hawaii | mandatory | hawaii-htdc-business-consultant-rfp.pdf | 15   | shall carefully review this solicitation for defects    |
      | hawaii | advisory  | hawaii-htdc-business-consultant-rfp.pdf | 11   | Should not be a comprehensive summary of the business   |

  Scenario: Statements of information and the buyer's own duties are not rows
    When I build the compliance matrix of "real"
    Then no row reads "cloud.gov currently hosts 41 customer"
    And no row reads "The COR shall forward these records to the CO"
    And every row is mandatory or advisory and names its file and page

  Scenario: Only the documents asked for are read
    When I build the compliance matrix of "real" for "gsa-cloudgov-support-qasp.pdf"
    Then every row comes from "gsa-cloudgov-support-qasp.pdf"

  Scenario: With a chat model, the model judges the statements and the rows stay the document's
    Given a chat model that files "processes about 95 million taps" as a requirement and "liquidated damages of USD 1,500" as binding no one
    When I build the compliance matrix of "sample" with that model
    Then a "mandatory" row on "sample_rfp.pdf" page 2 reads "processes about 95 million taps"
    And no row reads "liquidated damages of USD 1,500"
    And every row says the model judged it
