"""What the contract itself says, as distinct from a task of the bidder's.

A solicitation's "shall" often sets a term rather than asks for work: how the contract is
awarded, governed and ended ("This Agreement shall be governed by the laws of …", "If funds
are not appropriated, the contract shall terminate …"), what a thing counts as or what
befalls it ("a late bid shall be rejected", "A Bid shall be unbalanced if …", "Such
purchases shall be deducted …"), what binds, survives or voids, and whose a thing is ("All
County data shall remain the sole property of the County"). Contract drafting calls this the
language of policy: "shall" with a subject that acts on no one. ``obligations.py`` asks
``states_a_contract_term`` before it reads a "shall" as the bidder's duty.
"""

from __future__ import annotations

import re

from rfp_agents.deliverables.wording import BIDDER, OPENING_CONDITION

CONTRACT_TERMS = re.compile(
    rf"^\W*(?:{OPENING_CONDITION})?(?:the|this|a|an|any|each|all)\s+(?:resulting\s+)?"
    r"(?:contract|agreement|award|purchase order|task order|order|bpa)s?\b[^.;]{0,60}?\s+"
    r"(?:shall|will|must)"
    r"\s+(?:be\s+(?:based|awarded|made|governed|construed|interpreted|issued|placed|determined|"
    # (the buyer's periodic review of it: "The BPAs shall be reviewed on an annual basis"),
    # and its record in the government's systems ("Each award must be registered in CPARS")
    r"reviewed|registered|in\s+accordance\s+with)|terminate|expire|commence)\b"
    # the buyer's assessments of the contractor's performance ("past performance evaluations
    # shall be prepared at least annually", FAR 42.15)
    # (after what it follows: "In accordance with FAR 8.406-7, past performance …")
    r"|^(?:[^;]{0,150}?,\s+)?(?:the\s+|all\s+)?(?:past\s+)?performance\s+"
    r"(?:evaluations?|assessments?)\s+(?:shall|will|must)\s+be\s+"
    r"(?:prepared|completed|conducted|performed|entered)\b"
    # the solicitation's own term ("This solicitation shall be open from … through FY27")
    r"|^\W*this\s+(?:solicitation|rfp|rfq|ifb|itb|request)\s+(?:shall|will)\s+(?:be|remain)\s+open\b"
    r"|^\W*(?:the\s+)?contract\s+documents\s+(?:shall|will)\s+(?:consist\s+of|include)\b"
    # how long it runs ("The period of the contract shall be a term of five (5) years")
    r"|^\W*(?:the\s+)?(?:period|term|duration)\s+of\s+(?:(?:the|this)\s+(?:contract|agreement|"
    r"(?:task\s+)?order|bpa)|performance)\s+(?:shall|will)\s+be\b"
    # (and the period the services run in: "Services shall be provided … during an initial
    # period that begins with the date of the order")
    r"|^\W*(?:the\s+|all\s+)?(?:services|work)\s+(?:shall|will)\s+be\s+(?:provided|performed)\b"
    r"[^.;]{0,80}?\bduring\s+(?:an?|the)\s+(?:initial|base)\s+(?:period|term|year)\b"
    # how the buyer orders ("All orders against the BPAs must follow the ordering
    # procedures of FAR 8.405-3")
    r"|^\W*(?:the|any|each|all)\s+(?:task\s+|purchase\s+|call\s+|delivery\s+)?orders?\b"
    r"[^.;]{0,60}?\s+(?:shall|must|will)\s+(?:follow|comply\s+with)\s+(?:the\s+)?"
    r"(?:ordering\s+procedures|procedures\s+of\s+FAR)\b"
    # the Spanish award ("La adjudicación se realizará conforme …", "… debe realizarse a
    # favor de la oferta más conveniente")
    r"|^\W*(?:la\s+)?adjudicacion\s+(?:se\s+(?:realizara|hara|efectuara|acordara)|"
    r"(?:debe|debera)\s+(?:realizarse|efectuarse|hacerse)|recaera)\b"
    # the buyer's purchase order, issued by it ("…, la Orden de Compra deberá emitirse en el
    # marco de la programación presupuestaria"), and its records ("deberá quedar constancia
    # en las actuaciones")
    r"|^[^.;]{0,120}?\b(?:la\s+)?orden\s+de\s+compra\s+(?:debe|debera|se)\s+(?:emitirse|emitira)\b"
    r"|^[^.;]{0,120}?\b(?:debe|debera)\s+quedar\s+constancia\s+en\s+"
    r"(?:las\s+actuaciones|el\s+expediente)\b"
    r"|^\W*(?:the\s+)?laws?\s+(?:to\s+be\s+applied|governing|applicable)\b[^.;]{0,60}?"
    r"\s+(?:shall|will)\s+be\b",
    re.IGNORECASE,
)
"""A term of the contract itself ("The Contract that results from this RFP shall be based on
labor hours", "A contract shall be awarded to …", "This Agreement shall be governed by …",
"Each order shall be placed by the buying desk", "All orders must follow the ordering
procedures of FAR 8.405-3"): how the buyer contracts and orders, not what the bidder
does."""


POLICY = re.compile(
    r"\b(?:shall|will|may)\s+(?:not\s+)?be\s+(?:automatically\s+|immediately\s+)?(?:considered|deemed|"
    r"construed|interpreted|treated as|regarded as|evidenced by|rejected|disqualified|deducted|"
    # (and whether a cost counts: "… costs shall be allowable to the same extent as if …")
    r"withheld|credited|set off|allowable|unallowable)\b"
    # how the buyer weighs a thing, as the sentence's first verb ("The quoter's mix of labor
    # categories shall be evaluated to assess its understanding"); not after a permission
    # ("A firm may add appendices; only 15 pages will be evaluated")
    r"|^(?:(?!\b(?:shall|must|will|may|should|can)\b)[^;])*\b(?:shall|will)\s+be\s+"
    r"(?:evaluated|scored)\b"
    # a status defined by a condition ("A Bid shall be materially unbalanced if …"); what
    # counts or binds ("No alterations shall be valid or binding unless …", "Such price
    # reduction shall be effective at the same time"); the buyer accepting a thing ("Any
    # article the County determines to be equivalent shall be accepted"); a party's relief
    # from liability; the courts a dispute goes to
    r"|\b(?:shall|will)\s+be\s+(?:\w+ly\s+)?(?:unbalanced|responsive|nonresponsive|non-responsive|"
    r"responsible|non-responsible|eligible|ineligible|timely|late)\s+(?:if|when|unless|where)\b"
    r"|\b(?:shall|will)\s+(?:not\s+)?be\s+(?:valid|binding|effective|enforceable)\b"
    r"(?!\s+(?:for|until|through)\b)"
    # what is void, as the sentence's first verb ("Any SOW that does not conform shall be
    # void"), or what a thing's validity is not affected by
    r"|^(?:(?!\b(?:shall|must|will)\b)[^;])*\b(?:shall|will)\s+be\s+(?:null\s+and\s+)?void\b"
    r"|\b(?:shall|will)\s+not\s+be\s+(?:affected|impaired|prejudiced|invalidated)\b"
    r"|^(?!\W*no\b)[^.;]*?\b(?:shall|will)\s+be\s+accepted\b"
    r"(?!\s+(?:only|until|no\s+later|by\s+the\s+deadline))"
    r"|\b(?:shall|will)\s+not\s+be\s+(?:held\s+)?liable\b"
    r"|\b(?:shall|must)\s+be\s+(?:brought|heard|litigated|venued)\s+(?:before|in)\b"
    # how an agreement's ambiguities are resolved ("… shall be resolved in favor of a meaning
    # that complies with …"), and what it gives no one else ("Nothing in this agreement
    # shall confer upon any person … any rights")
    r"|\b(?:shall|will)\s+be\s+resolved\s+in\s+favou?r\s+of\b"
    r"|^\W*nothing\s+in\s+(?:this|the)\s+[^.;]{0,40}?\b(?:shall|will)\s+(?:confer|create|give)\b"
    # how a shared liability is split ("the obligation shall be apportioned on a comparative
    # fault basis")
    r"|\b(?:shall|will)\s+be\s+apportioned\b"
    # how the contract's money is adjusted, a clause's mechanism ("The estimated cost shall
    # be increased to the extent that …", "the increase shall be allocated in accordance
    # with the formula", "the contract price shall be equitably adjusted")
    r"|\b(?:costs?|prices?|amounts?|fees?|ceilings?|increases?|decreases?|adjustments?)\s+"
    r"(?:shall|will)\s+be\s+(?:equitably\s+)?(?:increased|decreased|adjusted|allocated)\b"
    # whose risk a thing is ("Any action taken on another's direction shall be at the
    # Contractor's risk")
    r"|\b(?:shall|will)\s+be\s+at\s+(?:the\s+)?(?:[\w-]+['’]s\s+|its\s+|their\s+)?(?:own\s+)?"
    r"(?:sole\s+)?risk\b"
    # the ceiling of what the buyer pays ("Payment for services provided shall not exceed
    # $250,000"), not the bidder's price ("The total price quoted shall not exceed …")
    r"|^\W*(?:the\s+)?(?:total\s+)?(?:payments?|compensation|reimbursements?)\b[^.;]{0,60}?"
    r"\s+(?:shall|will)\s+not\s+exceed\b"
    r"|\b(?:price|amount)\s+paid\s+(?:shall|will)\s+not\s+exceed\b"
    # how long the contract may run ("The total duration of this contract, including any
    # options, shall not exceed 3 years", "the total extension of performance … shall not
    # exceed 6 months"), not how long an outage may last (a standard)
    r"|\b(?:duration\s+of\s+(?:this|the)\s+(?:contract|order|agreement|BPA)|"
    r"extension\s+of\s+performance)\b[^.;]{0,120}?\b(?:shall|will)\s+not\s+exceed\b"
    r"|\bin\s+no\s+(?:case|event)\s+shall\b[^.;]{0,60}?\b(?:relieve|excuse|affect|change)\b"
    # what the buyer's review takes in ("Such alternatives shall be included in the Proposal
    # review process as part of the evaluation")
    r"|\b(?:shall|will)\s+be\s+(?:included|considered|taken\s+into\s+account)\s+in\s+the\s+"
    r"(?:\w+\s+){0,2}?(?:review|evaluation)\b"
    r"|\b(?:shall|will)\s+(?:not\s+)?(?:(?:under|in)\s+(?:any|no)\s+(?:circumstances?|event)\s+)?"
    # (a state before the verb: "… obligation to protect the data shall be continuous and
    # survive termination"; an adverb: "… shall jointly take precedence over all other
    # documents and will govern the terms of the contract")
    r"(?:be\s+(?:continuous|continuing|perpetual)\s+and\s+)?"
    r"(?:(?:jointly|together|always|generally|then|thereafter|thereupon)\s+)?"
    r"(?:relieve|excuse|preclude|affect|prejudice|supersede|prevail|survive|take precedence|govern|"
    r"remain in (?:full )?(?:force|effect)|"
    # which text wins a conflict ("In the event of a conflict, the Privacy Rule shall
    # control"), and what a failure is grounds for ("… shall be grounds for termination")
    r"control(?!\s+[a-z])|be (?:\w+\s+)?grounds for|"
    # (or is not: "Disapproval of the individual shall not provide grounds for
    # non-performance or form the basis of any claim")
    r"provide (?:\w+\s+)?grounds for|form (?:the|a|any) basis (?:of|for)|give rise to|"
    r"remain (?:fully valid|valid and (?:enforceable|binding)|enforceable)|"
    r"become effective|constitute|be in addition to|revert to|result in|"
    # a definition ("“Breach Rule” shall mean …"); what arises from the text ("No implied
    # obligation shall arise from this RFP")
    r"mean|have the (?:same )?(?:meanings?|definitions?)|arise|accrue|"
    # what voids a bid ("Violation of this guarantee shall render void the bids")
    r"render (?:\w+\s+)?(?:void|null|invalid|unenforceable)|"
    # what has no effect on another thing ("Cancellation of the agreement shall have no effect
    # on orders already placed")
    r"have no (?:\w+\s+)?(?:effect|force|bearing|impact))\b"
    # whose rights and ownership are ("The Government data rights of software deliverables
    # shall be in accordance with FAR 52.227-17", "Ownership of code repositories … shall
    # reside with the Government")
    r"|^\W*(?:the\s+)?(?:government(?:'s)?\s+)?(?:data\s+)?rights\b[^.;]{0,100}?\s+(?:shall|will)\s+"
    r"be\s+(?:in\s+accordance\s+with|governed\s+by|as\s+set\s+forth\s+in)\b"
    r"|^\W*(?:the\s+)?(?:ownership|title)\b[^.;]{0,200}?\b(?:shall|will)\s+(?:reside|vest|remain|pass)"
    r"\s+(?:with|in|to)\b"
    # definitions that apply ("the following definitions shall apply to this Addendum"), and
    # the terms or duties of a contract that apply to another or last ("All terms and
    # conditions of the Schedule contract shall apply to the BPA", "The obligations in this
    # Agreement shall continue until all data is returned"), and what a provision covers
    # ("This clause shall apply to records held by agents")
    r"|\b(?:definitions?|terms)\s+(?:shall|will)\s+apply\b"
    r"|^\W*(?:this|that|these|those|the|such|each)\s+(?:provision|clause|paragraph|section|"
    r"article)s?\s+(?:shall|will)\s+(?:also\s+)?apply\s+to\b"
    r"|^\W*(?:all\s+)?(?:the\s+)?(?:terms\s+and\s+conditions|obligations|provisions|clauses)\s+"
    r"(?:of|in|under)\s+[^.;]{0,80}?\s+(?:shall|will)\s+(?:apply|continue|survive|remain)\b"
    # what each order will set ("Delivery terms shall be established on individual task orders")
    r"|\b(?:shall|will)\s+be\s+(?:established|specified|defined|set\s+forth|determined|stated)\s+"
    r"(?:in|on|by)\s+(?:the\s+|each\s+|individual\s+|separate\s+)?(?:task\s+|delivery\s+|"
    r"purchase\s+|call\s+)?orders?\b"
    # what a clause does not take away ("This Article shall not restrict the liability …")
    r"|\b(?:shall|will)\s+not\s+(?:in\s+any\s+way\s+)?(?:restrict|limit)\s+(?:the|any)\s+"
    r"(?:liability|rights?|remedies|obligations?)\b"
    # nor what a thing does not put on a party ("failure to inspect shall not impose
    # liability on the County", "This RFP shall not create any obligation")
    r"|\b(?:shall|will)\s+not\s+(?:impose|create|give\s+rise\s+to)\s+(?:any\s+)?"
    r"(?:liability|obligations?)\b"
    # … nor what it does not do to the contract ("the County's failure to give such notice
    # shall not extend the contract into a fiscal year …")
    r"|\b(?:shall|will)\s+not\s+(?:extend|renew|terminate|modify)\s+(?:the|this|any)\s+"
    r"(?:contract|agreement)\b"
    r"|\b(?:shall|will)\s+be\s+(?:exclusively\s+|solely\s+)?governed\s+(?:exclusively\s+|solely\s+)?by\b"
    # what is final ("The decision of the Purchasing Agent … shall be final"); a term
    # defined ("“Protected Data” means …")
    r"|\b(?:shall|will)\s+be\s+final\b"
    # a remedy the contract allows ("the sole relief available to the bidder shall be …"),
    # what a party is entitled to, a claim that lies or not ("No protest shall lie for …"),
    # a period that expires, a security the buyer releases
    r"|\bsole\s+(?:relief|remed(?:y|ies))\b[^.;]{0,80}?\b(?:shall|will)\s+be\b"
    r"|\b(?:shall|will)\s+(?:not\s+)?(?:(?:the\s+)?(?:[\w-]+\s+){1,3}?)?be\s+entitled\s+to\b"
    r"|\b(?:shall|will)\s+lie\s+(?:for|against)\b|^\W*no\s+[\w-]+\s+(?:shall|will)\s+lie\b"
    r"|\b(?:time|period|deadline|right)\b[^.;]{0,60}?\b(?:shall|will)\s+expire\b"
    r"|^\W*(?:such|the|any|all|each|this|said)\s+(?:[\w-]+\s+){0,2}?(?:security|securities|"
    r"bonds?|deposits?|guarantee|guaranty|retainage|holdback)\s+(?:shall|will)\s+be\s+"
    r"(?:released|returned|refunded)\b"
    # a right the sentence gives, whoever holds it ("the state auditors shall have full access
    # to and the right to examine the records", "The Owner shall have the option to extend")
    # (not in a relative clause: "personnel who will have access to the data shall sign …";
    # nor the authority a bidder's representative must hold: "The contract manager shall have
    # full authority to act for the contractor")
    r"|(?<!\bwho\s)(?<!\bthat\s)(?<!\bwhich\s)\b(?:shall|will|must)\s+have\s+(?:the\s+|no\s+)?"
    r"(?:(?:full|sole|exclusive|unrestricted)\s+)?(?:right|rights|authority|option|discretion|"
    r"(?:full|unrestricted|complete|reasonable)\s+access)\b"
    r"(?!\s+to\s+(?:act|represent|bind|commit|sign|negotiate|make)\b)"
    # how a price or a dispute is settled ("Said compensation shall be determined by one of
    # the following methods", "the question … shall be resolved in accordance with the
    # Disputes clause"), not by the bidder's own act
    r"|\b(?:compensation|price|prices|amount|adjustment|dispute|disputes|question|claim|claims|"
    r"controversy|controversies|disagreement)\b[^.;]{0,200}?\b(?:shall|will)\s+be\s+"
    r"(?:determined|resolved|settled|decided)\b"
    rf"(?!\s+by\s+(?:the\s+)?(?:{BIDDER}))"
    # the rules a thing falls under ("Any protest shall be subject to the provisions of the
    # Procurement Policy")
    r"|\b(?:shall|will)\s+be\s+subject\s+to\s+(?:the\s+)?(?:provisions?|terms|laws?|"
    r"polic(?:y|ies)|jurisdiction|regulations?|reasonable\s+restrictions?|restrictions?|"
    r"limitations?)\b"
    # records open to inspection or not (the public-records clause)
    r"|\b(?:shall|will)\s+(?:not\s+)?be\s+open\s+to\s+(?:the\s+)?(?:public\s+)?inspection\b"
    # how the buyer weighs the offers ("technical factors shall be given greater weight
    # than price factors")
    r"|\b(?:factors?|criteria|criterion|price|cost)\s+(?:shall|will)\s+be\s+(?:given|assigned|"
    r"accorded)\s+(?:\w+\s+){0,2}?(?:weight|importance)\b"
    # what a thing is for ("The purpose of such discussions shall be to assure …")
    r"|^\W*the\s+(?:purpose|function|intent|role|objective|aim)\s+of\b[^.;]{0,80}?\s+"
    r"(?:shall|will|is)\s+(?:be\s+)?to\b"
    r"|^\W*(?:\d+(?:\.\d+)*\.?\s+)?"
    r"(?:for\s+(?:the\s+)?purposes?\s+of\s+[^,.;]{1,60},\s+(?:the\s+term\s+)?)?"
    r"[“\"][^”\"]{1,60}[”\"](?:\s+or\s+[“\"][^”\"]{1,20}[”\"])?"
    r"\s+(?:means|includes|shall\s+(?:mean|be|include))\b"
    r"|\b(?:shall|will)\s+be\s+(?:automatically\s+)?(?:included|incorporated)\s+(?:in|into)\s+"
    r"(?:this|the)\s+(?:contract|agreement)\b"
    r"|\b(?:shall|will)\s+be\s+(?:as\s+)?(?:specified|set\s+forth|set\s+out|defined|stated|"
    r"detailed|described)"
    # (or in the buyer's own solicitation: "… instructions shall be detailed in the reissued
    # RFQ")
    r"\s+(?:in|under|by)\s+(?:[\w/-]+\s+){0,4}?(?:contract|agreement|task\s+order|order|"
    r"solicitation|rfq|rfp|amendment)s?\b",
    re.IGNORECASE,
)
"""What a thing counts as, what befalls it, or what legal effect it has ("All persons engaged
in the work shall be considered employees of the Contractor", "a late bid shall be
rejected", "No subcontract shall (under any circumstances) relieve the supplier of its
duties", "The warranty shall survive acceptance", "Failure to adhere shall constitute
default", "Testing of the units shall be as stated in the framework agreement": where a
term is set, not a duty): the contract's policy or the
buyer's act, not a duty the bidder performs. Contract drafting calls this the language of
policy: "shall" with a subject that acts on no one."""


OWNERSHIP = re.compile(
    r"\b(?:is|are|shall|will|must)\s+(?:and\s+(?:shall|will|must)\s+)?(?:also\s+)?"
    r"(?:remain|be|become)\s+the\s+(?:sole\s+|exclusive\s+)?property\s+of\b",
    re.IGNORECASE,
)
"""Whose a thing is ("All County data is and must remain the sole property of the County"):
a term of the contract, not a task."""


def states_a_contract_term(folded: str, unheaded: str) -> bool:
    """True when the (accent-folded) sentence sets a term of the contract (``POLICY``,
    ``OWNERSHIP``) or, without its run-in heading (``unheaded``), opens with one
    (``CONTRACT_TERMS``)."""
    return bool(
        (POLICY_VERB.search(folded) and POLICY.search(folded))
        or ("property" in folded and OWNERSHIP.search(folded))
        or CONTRACT_TERMS.match(unheaded)
    )


POLICY_VERB = re.compile(r"\b(?:shall|will|may|must|means|includes|is\s+to)\b|[“\"]", re.IGNORECASE)
"""A word every ``POLICY`` form has: a sentence without one is not searched for the long
pattern (the matrix asks this of every sentence)."""
